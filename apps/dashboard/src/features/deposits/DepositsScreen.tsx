import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Checkbox, SegmentedControl, Table } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { DEPOSITS, depositListQuery, type Deposit } from '@campsite/shared';
import { ListTable } from '../../components/ListScreen';
import { FlashBanner, useFlash } from '../../components/flash';
import { PagedList, SortTh, StackTh, Stacked, StaySearch, oneOf, useAddress, useListQuery, type ListQuery } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { StayLink } from '../../components/PeopleLinks';
import { day } from '../../lib/format';
import { navCrumbs } from '../../shell/nav';
import { useSession } from '../../shell/session';
import { useDepositList, useUnasked } from './api/deposits-queries';
import { DepositStatus, euros } from './DepositStatus';
import { DepositDetail } from './DepositDetail';
import { UnaskedList } from './UnaskedList';

/** Which list is shown (issue 32): the deposits, or the stays no request went to (`?vue=non-demandees`). */
const VIEW = { vue: oneOf(['non-demandees']) };
/** What a change of list clears: the other list's page, sort, search and boxes. */
const FRESH = { page: null, size: null, sort: null, dir: null, q: null, filter: null, search: null, deposited: null, not_deposited: null };

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
      <Lists />
    </>
  );
}

function Lists() {
  const view = useAddress(VIEW);
  const flash = useFlash();
  const [open, setOpen] = useState<Deposit | null>(null);
  const unasked = view.values.vue === 'non-demandees';
  // how many stays no request went to, said on the switch so that staff see them without opening the view
  const count = useUnasked({ per_page: 10 }).data?.total ?? 0;
  return (
    <>
      <SegmentedControl
        mb="md"
        aria-label="Liste affichée"
        value={unasked ? 'non-demandees' : 'demandes'}
        onChange={(v) => (flash.clear(), view.set({ ...FRESH, vue: v === 'non-demandees' ? v : null }, { push: true }))}
        data={[
          { value: 'demandes', label: DEPOSITS.requestsView },
          { value: 'non-demandees', label: count ? `${DEPOSITS.unaskedView} (${count})` : DEPOSITS.unaskedView },
        ]}
      />
      <FlashBanner flash={flash} />
      {unasked ? <UnaskedList flash={flash} onAsked={setOpen} /> : <DepositList onOpen={setOpen} />}
      {open && <DepositDetail deposit={open} onClose={() => setOpen(null)} />}
    </>
  );
}

function DepositList({ onOpen: setOpen }: { onOpen(d: Deposit): void }) {
  const { timeZone } = useSession();
  const lq = useListQuery(depositListQuery, { order: 'desc' });
  const list = useDepositList(lq.query);
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
                      <StayLink stay={r.stay}>
                        {r.user.lastname} {r.user.firstname}
                      </StayLink>
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
