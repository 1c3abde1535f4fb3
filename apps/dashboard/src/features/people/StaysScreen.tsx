import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Anchor, Checkbox, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { PPL, stayListQuery, stays as stayCalls } from '@campsite/shared';
import { navCrumbs } from '../../shell/nav';
import { useSession } from '../../shell/session';
import { ListTable } from '../../components/ListScreen';
import { BackToList, boundOf, DateRanges, NO_DAY, Pager, partsOf, ReadView, RowCount, SearchActions, SortTh, Stacked, StackTh, useCappedCount, useListQuery, type DayParts, type ListFilters, type Patch } from '../../components/list';
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
  const { total, exact } = useCappedCount(stays, stayCalls.count, filters);
  const searched = lq.params.get('search') === '1';
  const sortProps = { sort: lq.sort, dir: lq.dir, onSort: lq.toggleSort };
  const th = (field: string, label: string) => <SortTh field={field} label={label} {...sortProps} />;

  return (
    <>
      <PageHeader title={searched ? PPL.searchResults : PPL.allStays} crumbs={crumbs} />
      {/* afresh when the search changes, not when the page, the sort or the on-site box does (focus stays there) */}
      <StayFilters key={JSON.stringify([...TEXTS, ...BOUNDS].map((k) => filters[k] ?? null))} current={filters} onApply={(patch) => lq.set({ ...patch, page: 1 })} />
      <ReadView read={stays} failed="Impossible de récupérer les séjours" empty={lq.filtered ? PPL.noResult : PPL.emptyStays} isEmpty={(d) => d.rows.length === 0}>
        {(data) => (
          <>
            <RowCount total={data.total} more={data.more} exact={exact} />
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
              {data.rows.map((s) => (
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
            <Pager page={lq.page} pageSize={lq.perPage} total={total} onPage={lq.setPage} />
          </>
        )}
      </ReadView>
    </>
  );
}

const sideOf = (bound: string) => (bound.startsWith('after') ? 'after' : 'before');

function StayFilters({ current, onApply }: { current: ListFilters<typeof stayListQuery>; onApply(patch: Patch): void }) {
  const { timeZone } = useSession();
  const [text, setText] = useState<Record<string, string>>(Object.fromEntries(TEXTS.map((k) => [k, current[k] ?? ''])));
  const [bounds, setBounds] = useState<Record<string, DayParts>>(Object.fromEntries(BOUNDS.map((k) => [k, partsOf(current[k], sideOf(k), timeZone)])));
  function search(e: React.FormEvent) {
    e.preventDefault();
    const patch: Patch = Object.fromEntries(TEXTS.map((k) => [k, text[k].trim() || null]));
    for (const k of BOUNDS) patch[k] = boundOf(bounds[k], sideOf(k), timeZone) ?? null;
    const hasAny = Object.values(patch).some((v) => v !== null);
    if (!hasAny && ![...TEXTS, ...BOUNDS].some((k) => current[k] !== undefined)) return;
    onApply({ ...patch, search: hasAny ? '1' : null });
  }
  function reset() {
    setText(Object.fromEntries(TEXTS.map((k) => [k, ''])));
    setBounds(Object.fromEntries(BOUNDS.map((k) => [k, NO_DAY])));
    onApply({ ...Object.fromEntries([...TEXTS, ...BOUNDS].map((k) => [k, null])), search: null });
  }
  return (
    <Paper withBorder p="md" radius="md" mb="md">
      <form onSubmit={search} aria-label="Rechercher des séjours">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h5">
            Rechercher
          </Title>
          <Checkbox label="Séjours sur place uniquement" checked={current.on_site === true} onChange={(e) => onApply({ on_site: e.currentTarget.checked ? '1' : null })} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="N° séjour" value={text.stay_number} onChange={(e) => setText({ ...text, stay_number: e.currentTarget.value })} />
          <TextInput label="N° client" value={text.client_number} onChange={(e) => setText({ ...text, client_number: e.currentTarget.value })} />
          <TextInput label="Emplacement" value={text.location} onChange={(e) => setText({ ...text, location: e.currentTarget.value })} />
        </SimpleGrid>
        <DateRanges
          ranges={[
            ['arrival', "Date d'arrivée"],
            ['departure', 'Date de départ'],
          ]}
          value={bounds}
          onChange={setBounds}
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
