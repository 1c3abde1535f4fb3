import { useState } from 'react';
import { Checkbox, Group, NativeSelect, Paper, SimpleGrid, TextInput, Title } from '@mantine/core';
import type { clientListQuery } from '@campsite/shared';
import { PPL } from '@campsite/shared';
import { boundOf, DateRanges, NO_DAY, partsOf, SearchActions, type DayParts, type ListFilters, type Patch } from '../../components/list';
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

const sideOf = (bound: string) => (bound.startsWith('after') ? 'after' : 'before');

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
export function ClientFilters({ current, onApply }: { current: ClientFilterValues; onApply(patch: Patch | ((live: URLSearchParams) => Patch)): void }) {
  const { timeZone } = useSession();
  const [text, setText] = useState<Record<string, string>>(Object.fromEntries(TEXT_FILTERS.map((k) => [k, current[k] ?? ''])));
  const [type, setType] = useState<string>(current.client_type ?? '');
  const [ranges, setRanges] = useState<Record<string, DayParts>>(Object.fromEntries(BOUNDS.map((k) => [k, partsOf(current[k], sideOf(k), timeZone)])));

  // with/without pairs: never both off (turning one off turns the other on); each click flips the live address
  const withStays = current.stays !== 'without';
  const withoutStays = current.stays !== 'with';
  const withUsers = current.users !== 'without';
  const withoutUsers = current.users !== 'with';
  const flip = (key: 'stays' | 'users', side: 'with' | 'without') => () => onApply((live) => ({ [key]: toggledPair(live.get(key), side) }));

  function search(e: React.FormEvent) {
    e.preventDefault();
    const patch: Patch = { ...Object.fromEntries(TEXT_FILTERS.map((k) => [k, text[k].trim() || null])), client_type: type || null };
    for (const k of BOUNDS) patch[k] = boundOf(ranges[k], sideOf(k), timeZone) ?? null;
    // a search form with every field empty does nothing (002 §5)
    const hasAny = Object.values(patch).some((v) => v !== null);
    const hadAny = SEARCH_KEYS.some((k) => current[k] !== undefined);
    if (!hasAny && !hadAny) return;
    patch.search = hasAny ? '1' : null;
    if (!hasAny) patch.clients = null;
    selection.clear();
    onApply(patch);
  }
  function reset() {
    setText(Object.fromEntries(TEXT_FILTERS.map((k) => [k, ''])));
    setType('');
    setRanges(Object.fromEntries(BOUNDS.map((k) => [k, NO_DAY])));
    selection.clear();
    onApply({ ...Object.fromEntries(SEARCH_KEYS.map((k) => [k, null])), search: null });
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
          onChange={() => onApply((live): Patch => (live.get('on_site') === '1' ? { on_site: null, users: live.get('users') === 'with' ? 'with' : null } : { on_site: '1' }))}
        />
      </Group>
      <form onSubmit={search} aria-label="Rechercher des fiches clients">
        <Title order={2} size="h5" mb="xs">
          Rechercher
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          {TEXT_FILTERS.map((k) => (
            <TextInput key={k} label={TEXT_LABELS[k]} value={text[k]} onChange={(e) => setText({ ...text, [k]: e.currentTarget.value })} />
          ))}
          <NativeSelect
            label="Type de client"
            value={type}
            onChange={(e) => setType(e.currentTarget.value)}
            data={[
              { value: '', label: 'Tous' },
              { value: 'tourist', label: PPL.tourist },
              { value: 'resident', label: PPL.resident },
            ]}
          />
        </SimpleGrid>
        <DateRanges ranges={RANGES} value={ranges} onChange={setRanges} />
        <SearchActions onReset={reset} />
      </form>
    </Paper>
  );
}
