import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Checkbox, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { DEPOSITS, depositListQuery, formatEuros, type Deposit } from '@campsite/shared';
import { ListTable } from '../../components/ListScreen';
import { PagedList, SortTh, StackTh, Stacked, StaySearch, useListQuery, type ListQuery } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { day, dayTime } from '../../lib/format';
import { navCrumbs } from '../../shell/nav';
import { useSession } from '../../shell/session';
import { useDepositList } from './api/deposits-queries';
import { DepositStatus } from './DepositStatus';

const euros = (n: number) => formatEuros(Math.round(n * 100));

/** 002 §2 'Gérer mes cautions': the deposits, searched, filtered on their status, sorted; a row opens its detail. */
export default function DepositsScreen() {
  return (
    <>
      <PageHeader
        title={DEPOSITS.listTitle}
        crumbs={navCrumbs('/deposit/users-deposit')}
        actions={
          <Button component={Link} to="/deposit/swikly" leftSection={<IconSettings size={16} />}>
            {DEPOSITS.settingsTitle}
          </Button>
        }
      />
      <DepositList />
    </>
  );
}

function DepositList() {
  const { timeZone } = useSession();
  const lq = useListQuery(depositListQuery, { order: 'desc' });
  const list = useDepositList(lq.query);
  const [open, setOpen] = useState<Deposit | null>(null);
  const th = (field: string, label: string) => <SortTh field={field} label={label} {...lq.sortProps} />;
  return (
    <>
      <Filters key={String(lq.filters.q ?? '')} lq={lq} />
      <PagedList lq={lq} read={list} failed={DEPOSITS.readDeposits} empty={DEPOSITS.empty} noResult="Aucun résultat">
        {(rows) => (
          <ListTable
            head={
              <>
                {th('stay', 'Séjour n°')}
                <StackTh parts={[{ label: 'Client n°', field: 'client_number' }, { label: 'Nom', field: 'lastname' }]} {...lq.sortProps} />
                {th('location', 'Emplacement')}
                {th('arrival', 'Arrivée')}
                {th('amount', 'Montant')}
                {th('edited_time', 'Date')}
                {th('status', 'Statut')}
              </>
            }
          >
            {rows.map((r) => (
              <Table.Tr key={r._id}>
                <Table.Td>
                  <Anchor component="button" type="button" fw={600} onClick={() => setOpen(r)} aria-label={`Informations sur la caution du séjour ${r.stay}`}>
                    {r.stay}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Stacked>
                    <span>{r.client_number}</span>
                    <span>
                      {r.user.lastname} {r.user.firstname}
                    </span>
                  </Stacked>
                </Table.Td>
                <Table.Td>{r.location ?? '—'}</Table.Td>
                <Table.Td>{day(r.arrival, timeZone)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{euros(r.amount)}</Table.Td>
                <Table.Td>{day(r.edited_time, timeZone)}</Table.Td>
                <Table.Td>
                  <DepositStatus status={r.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </PagedList>
      {open && <DepositDetail deposit={open} onClose={() => setOpen(null)} />}
    </>
  );
}

/**
 * The two boxes of 002 §4, both on by default; both or none on mean no status filter. In the address a box
 * turned off is the other's 'only' flag: `deposited=1` (only those deposited), `not_deposited=1`, or both
 * (none on).
 */
function Filters({ lq }: { lq: ListQuery<typeof depositListQuery> }) {
  const only = (key: 'deposited' | 'not_deposited') => lq.set((live) => ({ [key]: live.get(key) === '1' ? null : '1', page: 1 }));
  return (
    <StaySearch lq={lq} label="Rechercher des cautions">
      <Checkbox label={DEPOSITS.deposited} checked={lq.filters.not_deposited !== true} onChange={() => only('not_deposited')} />
      <Checkbox label={DEPOSITS.notDeposited} checked={lq.filters.deposited !== true} onChange={() => only('deposited')} />
    </StaySearch>
  );
}

function DepositDetail({ deposit: d, onClose }: { deposit: Deposit; onClose(): void }) {
  const { timeZone } = useSession();
  const rows: [string, React.ReactNode][] = [
    ['Client', `${d.user.firstname} ${d.user.lastname} (n° ${d.client_number})`],
    ['E-mail', d.user.email || '—'],
    ['Séjour', `n° ${d.stay}, du ${day(d.arrival, timeZone)} au ${day(d.departure, timeZone)}`],
    ['Emplacement', d.location ?? '—'],
    ['Montant', euros(d.amount)],
    ['Statut', <DepositStatus key="s" status={d.status} />],
    ['Date de dépôt', dayTime(d.edited_time, timeZone)],
    ['Référence Swikly', d.reference ?? '—'],
  ];
  if (d.link && !d.status) rows.push(['Lien du client', <Anchor key="l" href={d.link} target="_blank" rel="noreferrer" style={{ overflowWrap: 'anywhere' }}>{d.link}</Anchor>]);
  if (d.error) rows.push(['Demande non envoyée', d.error]);
  // a release or claim asked and not yet answered by Swikly (issue 29): its job finishes it
  const pending = d.settle_state === 'pending' ? ` (${DEPOSITS.pendingStatus.toLowerCase()})` : '';
  if (d.settlement === 'released') rows.push([pending ? 'Libération demandée' : 'Libérée', `le ${dayTime(d.settled_time, timeZone)} par ${d.settled_by ?? '—'}${pending}`]);
  if (d.settlement === 'claimed') rows.push([pending ? 'Réclamation demandée' : 'Réclamée', `${euros(d.claimed ?? 0)} le ${dayTime(d.settled_time, timeZone)} par ${d.settled_by ?? '—'}${pending}`]);
  if (!d.settlement && d.settle_state === 'failed' && d.settle_error) rows.push(['Dernière tentative', DEPOSITS.settleFailed(d.settle_error)]);
  return (
    <Modal opened onClose={onClose} title={DEPOSITS.detailTitle} size="lg" closeButtonProps={{ 'aria-label': 'Fermer' }}>
      <Stack gap={6} component="dl" m={0}>
        {rows.map(([k, v]) => (
          <Group key={k} gap="sm" wrap="nowrap" align="baseline">
            <Text component="dt" fw={600} w={150} size="sm" style={{ flexShrink: 0 }}>
              {k}
            </Text>
            <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {v}
            </Text>
          </Group>
        ))}
      </Stack>
    </Modal>
  );
}
