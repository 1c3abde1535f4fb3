import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Anchor, Button, Group, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { StaffRow } from '@campsite/shared';
import { PERMISSIONS, PEOPLE, userListQuery } from '@campsite/shared';
import { FlashBanner, useArrivalFlash, useFlash } from '../../components/flash';
import { PagedList, SortTh, useListQuery } from '../../components/list';
import { ListTable } from '../../components/ListScreen';
import { PageHeader } from '../../components/PageHeader';
import { day, dayTime } from '../../lib/format';
import { useSession } from '../../shell/session';
import { useStaff } from './api/people-queries';
import { Email } from './Email';
import { staffCrumbs } from './crumbs';
import { FLAG_LABELS } from './StaffForms';

/** A member's flags in words: 'Administrateur (tout)' for a super user. */
const flagsOf = (u: StaffRow) =>
  u.permissions.super === 1 ? 'Administrateur (tout)' : PERMISSIONS.filter((p) => u.permissions[p] === 1).map((p) => FLAG_LABELS[p]).join(', ') || 'Aucune';

/** The staff list: search, sortable columns, pages; the sentence of a member just deleted. */
export function StaffList() {
  const { timeZone } = useSession();
  const lq = useListQuery(userListQuery, { per_page: 25 });
  const list = useStaff(lq.query);
  const navigate = useNavigate();
  const [q, setQ] = useState(lq.filters.search ?? '');
  // a member's file deleted: its sentence here, where the deletion leads
  const flash = useFlash();
  useArrivalFlash(flash);
  const th = (field: string, label: string) => <SortTh field={field} label={label} sort={lq.sort} dir={lq.dir} onSort={lq.toggleSort} />;
  return (
    <>
      <PageHeader
        title={PEOPLE.dashboardTitle}
        crumbs={staffCrumbs}
        actions={
          <Button variant="light" onClick={() => navigate('/utilisateurs#nouvel-utilisateur')}>
            Créer un utilisateur
          </Button>
        }
      />
      <FlashBanner flash={flash} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          lq.set({ search: q.trim(), page: 1 });
        }}
        aria-label="Rechercher un utilisateur du dashboard"
      >
        <Group mb="md" align="flex-end">
          <TextInput label="Rechercher (nom, prénom, identifiant, e-mail)" value={q} onChange={(e) => setQ(e.currentTarget.value)} w={420} maw="100%" />
          <Button type="submit" variant="default" leftSection={<IconSearch size={16} />}>
            Rechercher
          </Button>
        </Group>
      </form>
      <PagedList lq={lq} read={list} failed="Impossible de récupérer les utilisateurs" empty={PEOPLE.noResult} noResult={PEOPLE.noResult}>
        {(rows) => (
          <>
            <ListTable
              minWidth={720}
              head={
                <>
                  {/* first, as the guest users' 'Détails': in reach at 1024 px whatever the table's width */}
                  <Table.Th>
                    <VisuallyHidden>Fiche</VisuallyHidden>
                  </Table.Th>
                  {th('lastname', 'Nom')}
                  <Table.Th>Prénom</Table.Th>
                  {th('email', 'E-mail')}
                  {th('username', 'Identifiant')}
                  <Table.Th>Permissions</Table.Th>
                  <Table.Th>{PEOPLE.lastLogin}</Table.Th>
                  {th('created_time', 'Création')}
                </>
              }
            >
              {rows.map((u) => (
                <Table.Tr key={u._id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Anchor component={Link} to={`/users/dashboard/${u._id}`} aria-label={`${PEOPLE.seeFile} de ${u.firstname} ${u.lastname}`}>
                      {PEOPLE.seeFile}
                    </Anchor>
                  </Table.Td>
                  <Table.Td fw={600}>{u.lastname}</Table.Td>
                  <Table.Td>{u.firstname}</Table.Td>
                  <Table.Td>
                    <Email value={u.email} />
                  </Table.Td>
                  <Table.Td>{u.username}</Table.Td>
                  <Table.Td maw={260}>
                    <Text size="xs">{flagsOf(u)}</Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{u.last_login === null ? PEOPLE.neverSignedIn : dayTime(u.last_login, timeZone)}</Table.Td>
                  <Table.Td>{day(u.created_time, timeZone)}</Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          </>
        )}
      </PagedList>
    </>
  );
}
