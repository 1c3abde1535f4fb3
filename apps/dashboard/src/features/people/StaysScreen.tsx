import { Link, useParams } from 'react-router';
import { Anchor, Checkbox, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { PPL, stayListQuery, stays as stayCalls } from '@campsite/shared';
import { navCrumbs } from '../../shell/nav';
import { useSession } from '../../shell/session';
import { ListTable } from '../../components/ListScreen';
import { BackToList, DateRanges, PagedList, ReadView, SearchActions, SortTh, Stacked, StackTh, useBoundFields, useCappedCount, useListQuery, useTextFields, type ListQuery } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { useStay, useStays } from './api/people-queries';
import { Field } from './ClientCard';
import { clientCivility, fullName } from './labels';
import { day, dayTime, orNone } from '../../lib/format';

const crumbs = [...navCrumbs('/utilisateurs'), { label: PPL.staysTitle, to: '/users/sejours' }];
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
      <PageHeader title={lq.searched ? PPL.searchResults : PPL.allStays} crumbs={crumbs} />
      {/* afresh when the search changes, not when the page, the sort or the on-site box does (focus stays there) */}
      <StayFilters key={JSON.stringify([...TEXTS, ...BOUNDS].map((k) => filters[k] ?? null))} lq={lq} />
      <PagedList lq={lq} read={stays} count={count} failed="Impossible de récupérer les séjours" empty={PPL.emptyStays} noResult={PPL.noResult}>
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

function StayDetail({ stayNumber }: { stayNumber: string }) {
  const { timeZone } = useSession();
  const stay = useStay(stayNumber);
  return (
    <>
      <PageHeader
        title={`Séjour ${stayNumber}`}
        crumbs={[...crumbs, { label: `N° ${stayNumber}` }]}
        actions={<BackToList to="/users/sejours" />}
      />
      <ReadView read={stay} failed="Impossible de récupérer le séjour" empty={`Aucun séjour ne porte le numéro ${stayNumber}.`} isEmpty={(d) => d === false}>
        {(s) => s && (
        <Stack>
          <Paper withBorder p="md" radius="md">
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
              <Field label="N° séjour">{s.stay_number}</Field>
              <Field label="Client">
                <Anchor component={Link} to={`/users/clients/${encodeURIComponent(s.client_number)}`}>
                  {fullName(s.client)} (n° {s.client_number})
                </Anchor>
              </Field>
              <Field label="Civilité">{clientCivility(s.client.civility)}</Field>
              <Field label="Emplacement">{orNone(s.location)}</Field>
              <Field label="Hébergement">{orNone(s.location_category)}</Field>
              <Field label="Arrivée">
                {day(s.arrival, timeZone)}
                {s.arrival_time ? ` à ${s.arrival_time}` : ''}
              </Field>
              <Field label="Départ">
                {day(s.departure, timeZone)}
                {s.departure_time ? ` à ${s.departure_time}` : ''}
              </Field>
              <Field label="Création">{dayTime(s.created_time, timeZone)}</Field>
              <Field label="Édition">{dayTime(s.edited_time, timeZone)}</Field>
            </SimpleGrid>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h5" mb="xs">
              Utilisateurs de l'application
            </Title>
            {s.users.length === 0 ? (
              <Text size="sm" c="dimmed">
                Personne n'a encore rejoint ce séjour sur l'application.
              </Text>
            ) : (
              <Stack gap={4}>
                {s.users.map((u) => (
                  <Anchor key={u._id} component={Link} to={`/users/webapp/${u._id}`}>
                    {fullName(u)} — {u.email}
                  </Anchor>
                ))}
              </Stack>
            )}
          </Paper>
          {s.participants.length > 0 && (
            <Paper withBorder p="md" radius="md">
              <Title order={2} size="h5" mb="xs">
                Participants ({s.participants.length})
              </Title>
              <Table fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Nom</Table.Th>
                    <Table.Th>Prénom</Table.Th>
                    <Table.Th>E-mail</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.participants.map((p, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>{orNone(p.lastname)}</Table.Td>
                      <Table.Td>{orNone(p.firstname)}</Table.Td>
                      <Table.Td>{orNone(p.email)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )}
        </Stack>
        )}
      </ReadView>
    </>
  );
}
