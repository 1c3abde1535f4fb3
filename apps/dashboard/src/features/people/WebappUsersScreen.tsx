import { Link, useNavigate, useParams } from 'react-router';
import { Anchor, Button, NativeSelect, Paper, SimpleGrid, Table, TextInput } from '@mantine/core';
import { PEOPLE, webappUserListQuery, webappUsers } from '@campsite/shared';
import { ExportButton } from './ExportButton';
import { useSession } from '../../shell/session';
import { ListTable } from '../../components/ListScreen';
import { PagedList, SearchActions, SortTh, Stacked, StackTh, useCappedCount, useListQuery, useTextFields, type ListQuery } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { useWebappUsers } from './api/people-queries';
import { webappCrumbs } from './crumbs';
import { WebappUserDetail } from './WebappUserDetail';
import { webappCivility, yesNo } from './labels';
import { day, orNone } from '../../lib/format';
import { Email } from './Email';

const TEXTS = ['client_number', 'lastname', 'firstname', 'email'] as const;

/** 002 §2 'Utilisateurs (webapp)': the list and, with an id, the user's detail (same screen). */
export default function WebappUsersScreen() {
  const { id } = useParams();
  return id ? <WebappUserDetail id={id} /> : <WebappUserList />;
}

function WebappUserList() {
  const { timeZone } = useSession();
  // newest first unless asked otherwise
  const lq = useListQuery(webappUserListQuery, { order: 'desc' });
  const { filters } = lq;
  const list = useWebappUsers(lq.query);
  // a page counts up to 1 000 matches: beyond ('more'), the exact figure is asked for these filters
  const count = useCappedCount(list, webappUsers.count, filters);
  const navigate = useNavigate();
  const sortProps = lq.sortProps;
  const th = (field: string, label: string) => <SortTh field={field} label={label} {...sortProps} />;

  return (
    <>
      <PageHeader
        title={PEOPLE.webappTitle}
        crumbs={webappCrumbs}
        description={lq.searched ? PEOPLE.searchResults : PEOPLE.allWebappUsers}
        actions={<ExportButton def={webappUsers.export} filters={lq.filters} label="Exporter les utilisateurs en CSV" />}
      />
      {/* afresh when the search changes, not when the page, the sort or the 'activated' select does (focus stays there) */}
      <UserFilters key={JSON.stringify(TEXTS.map((k) => filters[k] ?? null))} lq={lq} />
      <PagedList lq={lq} read={list} count={count} failed="Impossible de récupérer les utilisateurs" empty={PEOPLE.emptyWebappUsers} noResult={PEOPLE.noResult}>
        {(rows) => (
          <>
            {/* the spec's eleven columns in seven, pairs one above the other: the list fits a 1024 px screen */}
            <ListTable
              head={
                <>
                  <Table.Th>{PEOPLE.details}</Table.Th>
                  <StackTh parts={[{ label: 'N°\u00a0Client', field: 'client_number' }, { label: 'N°\u00a0Séjour' }]} {...sortProps} />
                  <StackTh parts={[{ label: 'Nom', field: 'lastname' }, { label: 'Prénom' }]} {...sortProps} />
                  <StackTh parts={[{ label: 'Civilité' }, { label: 'Date de naissance' }]} {...sortProps} />
                  {th('email', 'E-mail')}
                  <Table.Th>{PEOPLE.accountActivated}</Table.Th>
                  <StackTh parts={[{ label: 'Création', field: 'created_time' }, { label: 'Édition', field: 'edited_time' }]} {...sortProps} />
                </>
              }
            >
              {rows.map((u) => (
                <Table.Tr key={u._id}>
                  <Table.Td>
                    <Button size="compact-xs" variant="light" onClick={() => navigate(`/users/webapp/${u._id}`)} aria-label={`${PEOPLE.details} de ${u.firstname} ${u.lastname}`}>
                      {PEOPLE.details}
                    </Button>
                  </Table.Td>
                  <Table.Td>
                    <Stacked>
                      {u.client_number ? (
                        <Anchor component={Link} to={`/users/clients/${encodeURIComponent(u.client_number)}`} inherit>
                          {u.client_number}
                        </Anchor>
                      ) : (
                        <span>—</span>
                      )}
                      {u.stay ? (
                        <Anchor component={Link} to={`/users/sejours/${encodeURIComponent(u.stay.stay_number)}`} inherit>
                          {u.stay.stay_number}
                        </Anchor>
                      ) : (
                        <span>—</span>
                      )}
                    </Stacked>
                  </Table.Td>
                  <Table.Td>
                    <Stacked>
                      <span>{orNone(u.lastname)}</span>
                      <span>{orNone(u.firstname)}</span>
                    </Stacked>
                  </Table.Td>
                  <Table.Td>
                    <Stacked>
                      <span>{webappCivility(u.civility)}</span>
                      <span>{day(u.birthday, timeZone)}</span>
                    </Stacked>
                  </Table.Td>
                  <Table.Td>
                    <Email value={u.email} narrow />
                  </Table.Td>
                  <Table.Td bg={u.activate ? 'green.2' : 'red.2'} c="dark.9" fw={600}>
                    {yesNo(u.activate)}
                  </Table.Td>
                  <Table.Td>
                    <Stacked>
                      <span>{day(u.created_time, timeZone)}</span>
                      <span>{day(u.edited_time, timeZone)}</span>
                    </Stacked>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          </>
        )}
      </PagedList>
    </>
  );
}

const LABELS: Record<(typeof TEXTS)[number], string> = { client_number: 'N° client', lastname: 'Nom', firstname: 'Prénom', email: 'E-mail' };

function UserFilters({ lq }: { lq: ListQuery<typeof webappUserListQuery> }) {
  const text = useTextFields(TEXTS, lq.filters);
  function search(e: React.FormEvent) {
    e.preventDefault();
    lq.search(text.patch());
  }
  return (
    <Paper withBorder p="md" radius="md" mb="md">
      <form onSubmit={search} aria-label="Rechercher des utilisateurs">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          {TEXTS.map((k) => (
            <TextInput key={k} label={LABELS[k]} {...text.input(k)} />
          ))}
          <NativeSelect
            label={PEOPLE.accountActivated}
            value={lq.filters.activate ?? ''}
            onChange={(e) => lq.set({ activate: e.currentTarget.value || null, page: 1 })}
            data={[
              { value: '', label: 'Tous' },
              { value: 'yes', label: PEOPLE.yes },
              { value: 'no', label: PEOPLE.no },
            ]}
          />
        </SimpleGrid>
        <SearchActions onReset={() => (text.clear(), lq.clearSearch([...TEXTS, 'activate']))} />
      </form>
    </Paper>
  );
}
