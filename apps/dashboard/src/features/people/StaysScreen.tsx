import { Link, useParams } from 'react-router';
import { Anchor, Checkbox, Group, Paper, SimpleGrid, Table, TextInput, Title } from '@mantine/core';
import { PEOPLE, stayListQuery, stays as stayCalls } from '@campsite/shared';
import { ExportButton } from './ExportButton';
import { useSession } from '../../shell/session';
import { ListTable } from '../../components/ListScreen';
import { DateRanges, PagedList, SearchActions, SortTh, Stacked, StackTh, useBoundFields, useCappedCount, useListQuery, useTextFields, type ListQuery } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { useStays } from './api/people-queries';
import { stayCrumbs } from './crumbs';
import { StayDetail } from './StayDetail';
import { fullName } from './labels';
import { day, orNone } from '../../lib/format';

const TEXTS = ['stay_number', 'client_number', 'location'] as const;
const BOUNDS = ['after_arrival', 'before_arrival', 'after_departure', 'before_departure'] as const;

/** 002 §2 'Séjours': the list, and a stay's detail with links to its client and its app users. */
export default function StaysScreen() {
  const { stayNumber } = useParams();
  return stayNumber ? <StayDetail stayNumber={stayNumber} /> : <StayList />;
}

function StayList() {
  const { timeZone } = useSession();
  const lq = useListQuery(stayListQuery);
  const { filters } = lq;
  const stays = useStays(lq.query);
  // a page counts up to 1 000 matches: beyond ('more'), the exact figure is asked for these filters
  const count = useCappedCount(stays, stayCalls.count, filters);
  const sortProps = lq.sortProps;
  const th = (field: string, label: string) => <SortTh field={field} label={label} {...sortProps} />;

  return (
    <>
      <PageHeader
        title={lq.searched ? PEOPLE.searchResults : PEOPLE.allStays}
        crumbs={stayCrumbs}
        actions={<ExportButton def={stayCalls.export} filters={filters} label="Exporter les séjours en CSV" />}
      />
      {/* afresh when the search changes, not when the page, the sort or the on-site box does (focus stays there) */}
      <StayFilters key={JSON.stringify([...TEXTS, ...BOUNDS].map((k) => filters[k] ?? null))} lq={lq} />
      <PagedList lq={lq} read={stays} count={count} failed="Impossible de récupérer les séjours" empty={PEOPLE.emptyStays} noResult={PEOPLE.noResult}>
        {(rows) => (
          <>
            {/* six columns, pairs one above the other: the list fits a 1024 px screen without scrolling sideways */}
            <ListTable
              head={
                <>
                  {th('stay_number', 'N° séjour')}
                  <StackTh parts={[{ label: 'N° client', field: 'client_number' }, { label: 'Client' }]} {...sortProps} />
                  <StackTh parts={[{ label: 'Emplacement', field: 'location' }, { label: 'Hébergement' }]} {...sortProps} />
                  <StackTh parts={[{ label: 'Arrivée', field: 'arrival' }, { label: 'Départ', field: 'departure' }]} {...sortProps} />
                  <Table.Th>Utilisateurs</Table.Th>
                  {th('edited_time', 'Édition')}
                </>
              }
            >
              {rows.map((s) => (
                <Table.Tr key={s.stay_number}>
                  <Table.Td>
                    <Anchor component={Link} to={`/users/sejours/${encodeURIComponent(s.stay_number)}`} fw={600}>
                      {s.stay_number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Stacked>
                      <Anchor component={Link} to={`/users/clients/${encodeURIComponent(s.client_number)}`} inherit>
                        {s.client_number}
                      </Anchor>
                      <span>{fullName(s.client)}</span>
                    </Stacked>
                  </Table.Td>
                  <Table.Td>
                    <Stacked>
                      <span>{orNone(s.location)}</span>
                      <span>{orNone(s.location_category)}</span>
                    </Stacked>
                  </Table.Td>
                  <Table.Td>
                    <Stacked>
                      <span>{day(s.arrival, timeZone)}</span>
                      <span>{day(s.departure, timeZone)}</span>
                    </Stacked>
                  </Table.Td>
                  <Table.Td>
                    {s.users.length === 0
                      ? '—'
                      : s.users.map((u, i) => (
                          <span key={u._id}>
                            {i > 0 && ', '}
                            <Anchor component={Link} to={`/users/webapp/${u._id}`} size="sm">
                              {fullName(u)}
                            </Anchor>
                          </span>
                        ))}
                  </Table.Td>
                  <Table.Td>{day(s.edited_time, timeZone)}</Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          </>
        )}
      </PagedList>
    </>
  );
}

function StayFilters({ lq }: { lq: ListQuery<typeof stayListQuery> }) {
  const { timeZone } = useSession();
  const text = useTextFields(TEXTS, lq.filters);
  const bounds = useBoundFields(BOUNDS, lq.filters, timeZone);
  function search(e: React.FormEvent) {
    e.preventDefault();
    lq.search({ ...text.patch(), ...bounds.patch() });
  }
  function reset() {
    text.clear();
    bounds.clear();
    lq.clearSearch([...TEXTS, ...BOUNDS]);
  }
  return (
    <Paper withBorder p="md" radius="md" mb="md">
      <form onSubmit={search} aria-label="Rechercher des séjours">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h5">
            Rechercher
          </Title>
          <Checkbox label="Séjours sur place uniquement" checked={lq.filters.on_site === true} onChange={(e) => lq.set({ on_site: e.currentTarget.checked ? '1' : null, page: 1 })} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="N° séjour" {...text.input('stay_number')} />
          <TextInput label="N° client" {...text.input('client_number')} />
          <TextInput label="Emplacement" {...text.input('location')} />
        </SimpleGrid>
        <DateRanges
          ranges={[
            ['arrival', "Date d'arrivée"],
            ['departure', 'Date de départ'],
          ]}
          {...bounds.ranges}
        />
        <SearchActions onReset={reset} />
      </form>
    </Paper>
  );
}
