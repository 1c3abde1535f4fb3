import { useState } from 'react';
import { Button, Checkbox, Collapse, Group, NativeSelect, Paper, SimpleGrid, TextInput, Title } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { clientListQuery } from '@campsite/shared';
import { PEOPLE } from '@campsite/shared';
import { DateRanges, SearchActions, useBoundFields, useTextFields, type ListFilters, type ListQuery, type Patch } from '../../components/list';
import { useSession } from '../../shell/session';
import { selection } from './selection';

export type ClientFilterValues = ListFilters<typeof clientListQuery>;

const TEXT_FILTERS = ['client_number', 'lastname', 'firstname', 'email', 'phone', 'location', 'code'] as const;
const TEXT_LABELS: Record<(typeof TEXT_FILTERS)[number], string> = {
  client_number: 'N° client',
  lastname: 'Nom',
  firstname: 'Prénom',
  email: 'E-mail',
  phone: 'Téléphone',
  location: 'Emplacement',
  code: "Code d'activation",
};
const RANGES = [
  ['arrival', "Date d'arrivée"],
  ['departure', 'Date de départ'],
  ['update', 'Date de mise à jour'],
] as const;
const BOUNDS = RANGES.flatMap(([k]) => [`after_${k}`, `before_${k}`] as const);
/** The filters the search panel sets (the checkboxes apply at once and are not among them). */
const SEARCH_KEYS = [...TEXT_FILTERS, 'client_type', 'clients', ...BOUNDS] as const;

/** The search panel starts afresh when the search changes (reset, back button), not when a checkbox does: focus stays on it. */
export const searchKey = (f: ClientFilterValues) => JSON.stringify(SEARCH_KEYS.map((k) => f[k] ?? null));

/**
 * A with/without pair of 002 §4 after one of its boxes is clicked: never both off (turning one off when
 * the other is off turns the other on). `null` is both on (no filter).
 */
export function toggledPair(current: string | null, side: 'with' | 'without'): 'with' | 'without' | null {
  let withBox = current !== 'without';
  let withoutBox = current !== 'with';
  if (side === 'with') {
    withBox = !withBox;
    if (!withBox) withoutBox = true;
  } else {
    withoutBox = !withoutBox;
    if (!withoutBox) withBox = true;
  }
  return withBox && withoutBox ? null : withBox ? 'with' : 'without';
}

/** The checkboxes (applied at once, coupled as 002 §4 says) and the search panel (applied by its button). */
export function ClientFilters({ lq }: { lq: ListQuery<typeof clientListQuery> }) {
  const { timeZone } = useSession();
  const current = lq.filters;
  const text = useTextFields(TEXT_FILTERS, current);
  const [type, setType] = useState<string>(current.client_type ?? '');
  const bounds = useBoundFields(BOUNDS, current, timeZone);
  // once a search ran its results come first: the search form folds (issue 20), one click unfolds it
  const [unfolded, setUnfolded] = useState(!lq.searched);
  // a box applies at once, from page 1, computed from the live address (a quick second click keeps the first)
  const apply = (patchOf: (live: URLSearchParams) => Patch) => lq.set((live) => ({ ...patchOf(live), page: 1 }));

  // with/without pairs: never both off (turning one off turns the other on)
  const withStays = current.stays !== 'without';
  const withoutStays = current.stays !== 'with';
  const withUsers = current.users !== 'without';
  const withoutUsers = current.users !== 'with';
  const flip = (key: 'stays' | 'users', side: 'with' | 'without') => () => apply((live) => ({ [key]: toggledPair(live.get(key), side) }));

  function search(e: React.FormEvent) {
    e.preventDefault();
    // an empty search also drops the selection the hub's search sent here
    if (lq.search({ ...text.patch(), client_type: type || null, ...bounds.patch() }, ['clients'])) selection.clear();
  }
  function reset() {
    text.clear();
    setType('');
    bounds.clear();
    selection.clear();
    lq.clearSearch(SEARCH_KEYS);
  }

  return (
    <Paper withBorder p="md" radius="md" mb="md">
      <Group gap="lg" mb="md" role="group" aria-label="Filtres">
        <Checkbox label="Avec séjours" checked={withStays} onChange={flip('stays', 'with')} />
        <Checkbox label="Sans séjours" checked={withoutStays} onChange={flip('stays', 'without')} />
        <Checkbox label="Avec utilisateurs" checked={withUsers} onChange={flip('users', 'with')} />
        <Checkbox label="Sans utilisateurs" checked={withoutUsers} onChange={flip('users', 'without')} />
        <Checkbox
          label="Séjours sur place uniquement"
          checked={current.on_site === true}
          // turning on-site off turns 'with users' on (002 §4)
          onChange={() => apply((live): Patch => (live.get('on_site') === '1' ? { on_site: null, users: live.get('users') === 'with' ? 'with' : null } : { on_site: '1' }))}
        />
      </Group>
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h5">
          Rechercher
        </Title>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setUnfolded((o) => !o)}
          aria-expanded={unfolded}
          aria-controls="client-search"
          leftSection={unfolded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        >
          {unfolded ? 'Masquer la recherche' : 'Modifier la recherche'}
        </Button>
      </Group>
      <Collapse expanded={unfolded}>
        <form id="client-search" onSubmit={search} aria-label="Rechercher des fiches clients" hidden={!unfolded}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" mt="xs">
            {TEXT_FILTERS.map((k) => (
              <TextInput key={k} label={TEXT_LABELS[k]} {...text.input(k)} />
            ))}
            <NativeSelect
              label="Type de client"
              value={type}
              onChange={(e) => setType(e.currentTarget.value)}
              data={[
                { value: '', label: 'Tous' },
                { value: 'tourist', label: PEOPLE.tourist },
                { value: 'resident', label: PEOPLE.resident },
              ]}
            />
          </SimpleGrid>
          <DateRanges ranges={RANGES} {...bounds.ranges} />
          <SearchActions onReset={reset} />
        </form>
      </Collapse>
    </Paper>
  );
}
