import { useState } from 'react';
import { Anchor, Button, Checkbox, Table } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { INVENTORIES, inventoryListQuery } from '@campsite/shared';
import { ListTable } from '../../components/ListScreen';
import { PagedList, SortTh, StackTh, Stacked, StaySearch, textField, useAddress, useListQuery, type ListQuery } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { StayLink } from '../../components/PeopleLinks';
import { day } from '../../lib/format';
import { navCrumbs } from '../../shell/nav';
import { useSession } from '../../shell/session';
import { useInventoryList } from './api/inventories-queries';
import { ArrivalsToday } from './ArrivalsToday';
import { InventoryDetail } from './InventoryDetail';
import { StaySearchModal } from './StaySearchModal';
import { StatusBadge } from './StatusBadge';


/** The stay shown, beside the list's own address: `?sejour=`. */
const STAY = { sejour: textField() };

/** 002 §2 'Inventaires clients': the stays' inventories, the stay-number search, and one stay's detail (`?sejour=`). */
export default function ClientInventoriesScreen() {
  const address = useAddress(STAY);
  const [searching, setSearching] = useState(false);
  const stay = address.values.sejour;
  // a stay opened is a step the back button undoes
  const openStay = (n: string | null) => address.set({ sejour: n }, { push: true });
  return (
    <>
      <PageHeader
        title={INVENTORIES.clientInventoriesTitle}
        crumbs={navCrumbs('/inventaires/checkin')}
        actions={
          <Button leftSection={<IconClipboardCheck size={16} />} onClick={() => setSearching(true)}>
            {INVENTORIES.makeInventory}
          </Button>
        }
      />
      <ArrivalsToday onOpen={openStay} />
      <InventoryList onOpen={openStay} />
      {searching && (
        <StaySearchModal
          onClose={() => setSearching(false)}
          onFound={(n) => {
            setSearching(false);
            openStay(n);
          }}
        />
      )}
      {stay && <InventoryDetail stayNumber={stay} onClose={() => openStay(null)} />}
    </>
  );
}

function InventoryList({ onOpen }: { onOpen(stay: string): void }) {
  const { timeZone } = useSession();
  // the latest first (issue 32: the spec's ascending order opened on the oldest stays of the season)
  const lq = useListQuery(inventoryListQuery, { order: 'desc' });
  const list = useInventoryList(lq.query);
  const th = (field: string, label: string) => <SortTh field={field} label={label} {...lq.sortProps} />;
  return (
    <>
      <Filters key={String(lq.filters.q ?? '')} lq={lq} />
      <PagedList lq={lq} read={list} failed="Impossible de récupérer les inventaires" empty={`${INVENTORIES.emptyInventories} ${INVENTORIES.emptyInventoriesHint}`} noResult="Aucun résultat">
        {(rows) => (
          // pairs one above the other (as the stays list): the list fits a 1024 px screen without scrolling sideways
          <ListTable
            head={
              <>
                {th('stay_number', 'Séjour n°')}
                <StackTh parts={[{ label: 'Client n°', field: 'client_number' }, { label: 'Nom', field: 'lastname' }]} {...lq.sortProps} />
                <StackTh parts={[{ label: 'Emplacement', field: 'location' }, { label: 'Hébergement', field: 'accommodation' }]} {...lq.sortProps} />
                <StackTh parts={[{ label: 'Entrée', field: 'arrival_status' }, { label: 'Sortie', field: 'departure_status' }]} {...lq.sortProps} />
                <StackTh parts={[{ label: 'Arrivée', field: 'arrival' }, { label: 'Départ', field: 'departure' }]} {...lq.sortProps} />
                {th('deposit_date', 'Dépôt')}
              </>
            }
          >
            {rows.map((r) => (
              <Table.Tr key={r.stay_number}>
                <Table.Td fw={600}>
                  {/* the stay's number opens it (the row's name is its link): no separate 'consulter' column, so the list fits 1024 px */}
                  <Anchor component="button" type="button" fw={600} onClick={() => onOpen(r.stay_number)} aria-label={`Consulter le séjour ${r.stay_number}`}>
                    {r.stay_number}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Stacked>
                    <span>{r.client_number}</span>
                    <span>
                      <StayLink stay={r.stay_number}>
                        {r.lastname} {r.firstname}
                      </StayLink>
                    </span>
                  </Stacked>
                </Table.Td>
                <Table.Td>
                  <Stacked>
                    <span>{r.location ?? '—'}</span>
                    <span>{r.accommodation ?? '—'}</span>
                  </Stacked>
                </Table.Td>
                <Table.Td>
                  <Stacked>
                    <StatusBadge status={r.arrival_status} />
                    <StatusBadge status={r.departure_status} />
                  </Stacked>
                </Table.Td>
                <Table.Td>
                  <Stacked>
                    <span>{day(r.arrival, timeZone)}</span>
                    <span>{day(r.departure, timeZone)}</span>
                  </Stacked>
                </Table.Td>
                <Table.Td>{day(r.deposit_date, timeZone)}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </PagedList>
    </>
  );
}

function Filters({ lq }: { lq: ListQuery<typeof inventoryListQuery> }) {
  return (
    <StaySearch lq={lq} label="Rechercher des inventaires">
      <Checkbox label={INVENTORIES.arrivalInventories} checked={lq.filters.arrival === true} onChange={(e) => lq.set({ arrival: e.currentTarget.checked ? '1' : null, page: 1 })} />
      <Checkbox label={INVENTORIES.departureInventories} checked={lq.filters.departure === true} onChange={(e) => lq.set({ departure: e.currentTarget.checked ? '1' : null, page: 1 })} />
    </StaySearch>
  );
}
