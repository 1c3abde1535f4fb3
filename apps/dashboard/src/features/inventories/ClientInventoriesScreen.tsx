import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Anchor, Button, Checkbox, Group, Paper, Select, Table, TextInput } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { INV, inventoryListQuery } from '@campsite/shared';
import { ListTable } from '../../components/ListScreen';
import { PagedList, SearchActions, SortTh, useListQuery, useTextFields, type ListQuery } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { UpsellBlock } from '../../components/Upsell';
import { day } from '../../lib/format';
import { navCrumbs } from '../../shell/nav';
import { useSession } from '../../shell/session';
import { useInventoryList } from './api/inventories-queries';
import { InventoryDetail } from './InventoryDetail';
import { StaySearchModal } from './StaySearchModal';
import { StatusBadge } from './StatusBadge';

const FILTERS = [
  { value: 'stay_number', label: 'N. séjour' },
  { value: 'location', label: 'N. emplacement' },
  { value: 'client_number', label: 'N. client' },
];

/** 002 §2 'Inventaires clients': the stays' inventories, the stay-number search, and one stay's detail (`?sejour=`). */
export default function ClientInventoriesScreen() {
  const { plan } = useSession();
  const [params, setParams] = useSearchParams();
  const [searching, setSearching] = useState(false);
  const stay = params.get('sejour');
  const openStay = (n: string | null) =>
    setParams(
      (p) => {
        if (n) p.set('sejour', n);
        else p.delete('sejour');
        return p;
      },
      { replace: false },
    );
  if (plan !== 'premium') {
    return (
      <>
        <PageHeader title={INV.clientInventoriesTitle} crumbs={navCrumbs('/inventaires/checkin')} />
        <UpsellBlock message={INV.upsell} />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={INV.clientInventoriesTitle}
        crumbs={navCrumbs('/inventaires/checkin')}
        actions={
          <Button leftSection={<IconClipboardCheck size={16} />} onClick={() => setSearching(true)}>
            {INV.makeInventory}
          </Button>
        }
      />
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
  const lq = useListQuery(inventoryListQuery);
  const list = useInventoryList(lq.query);
  const th = (field: string, label: string) => <SortTh field={field} label={label} {...lq.sortProps} />;
  return (
    <>
      <Filters key={String(lq.filters.q ?? '')} lq={lq} />
      <PagedList lq={lq} read={list} failed="Impossible de récupérer les inventaires" empty={`${INV.emptyInventories} ${INV.emptyInventoriesHint}`} noResult="Aucun résultat">
        {(rows) => (
          <ListTable
            minWidth={900}
            head={
              <>
                {th('client_number', 'Client n°')}
                {th('stay_number', 'Séjour n°')}
                {th('location', 'Emplacement')}
                {th('accommodation', 'Hébergement')}
                {th('lastname', 'Nom')}
                {th('arrival_status', 'Entrée')}
                {th('departure_status', 'Sortie')}
                {th('arrival', 'Arrivée')}
                {th('departure', 'Départ')}
                {th('deposit_date', 'Dépôt')}
                <Table.Th>
                  <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>Consulter</span>
                </Table.Th>
              </>
            }
          >
            {rows.map((r) => (
              <Table.Tr key={r.stay_number}>
                <Table.Td>{r.client_number}</Table.Td>
                <Table.Td fw={600}>{r.stay_number}</Table.Td>
                <Table.Td>{r.location ?? '—'}</Table.Td>
                <Table.Td>{r.accommodation ?? '—'}</Table.Td>
                <Table.Td>
                  {r.lastname} {r.firstname}
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={r.arrival_status} />
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={r.departure_status} />
                </Table.Td>
                <Table.Td>{day(r.arrival, timeZone)}</Table.Td>
                <Table.Td>{day(r.departure, timeZone)}</Table.Td>
                <Table.Td>{day(r.deposit_date, timeZone)}</Table.Td>
                <Table.Td>
                  <Anchor component="button" type="button" onClick={() => onOpen(r.stay_number)} aria-label={`Consulter le séjour ${r.stay_number}`}>
                    consulter
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </PagedList>
    </>
  );
}

function Filters({ lq }: { lq: ListQuery<typeof inventoryListQuery> }) {
  const text = useTextFields(['q'] as const, lq.filters);
  return (
    <Paper withBorder p="md" radius="md" mb="md">
      <form
        aria-label="Rechercher des inventaires"
        onSubmit={(e) => {
          e.preventDefault();
          lq.search(text.patch());
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput label="Rechercher" placeholder="Numéro, nom…" style={{ flex: 1, minWidth: 200 }} {...text.input('q')} />
          <Select
            label="Filtre"
            placeholder={INV.filterPlaceholder}
            data={FILTERS}
            clearable
            w={220}
            value={lq.filters.filter ?? null}
            onChange={(v) => lq.set({ filter: v, page: 1 })}
          />
        </Group>
        <Group justify="space-between" mt="sm">
          <Group gap="lg">
            <Checkbox label={INV.arrivalInventories} checked={lq.filters.arrival === true} onChange={(e) => lq.set({ arrival: e.currentTarget.checked ? '1' : null, page: 1 })} />
            <Checkbox label={INV.departureInventories} checked={lq.filters.departure === true} onChange={(e) => lq.set({ departure: e.currentTarget.checked ? '1' : null, page: 1 })} />
          </Group>
          <SearchActions
            onReset={() => {
              text.clear();
              lq.clearSearch(['q', 'filter']);
            }}
          />
        </Group>
      </form>
    </Paper>
  );
}
