import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Anchor, Button, Checkbox, Group, NativeSelect, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMail, IconBell } from '@tabler/icons-react';
import { api } from '@campsite/shared/client';
import type { ClientListQuery } from '@campsite/shared';
import { clients, PAGE_SIZES, PPL } from '@campsite/shared';
import { navCrumbs } from '../../app/nav';
import { hasScreen } from '../../app/routes';
import { useSession } from '../../app/session';
import { useFlash } from '../../components/flash';
import { Pager, useListParams } from '../../components/ListScreen';
import { PageHeader } from '../../components/PageHeader';
import { FlashBanner } from '../../components/flash';
import { errorSentence } from '../../lib/errors';
import { useClient, useClientCounts, useClients } from './api/people-queries';
import { ClientCard } from './ClientCard';
import { boundOf, FIRST_YEAR, MONTHS, NO_DAY, partsOf, type DayParts } from './dates';
import { ImportPanel } from './ImportPanel';
import { selection, useSelection } from './selection';
import { toggledPair, useLiveSet, type Patch } from './params';
import { BackToList, ReadView, SearchActions } from './parts';
import { figure } from './labels';

const crumbs = [...navCrumbs('/utilisateurs'), { label: PPL.clientsTitle, to: '/users/clients' }];
const TEXT_FILTERS = ['client_number', 'lastname', 'firstname', 'email', 'phone', 'location', 'code'] as const;
const RANGES = [
  ['arrival', "Date d'arrivée"],
  ['departure', 'Date de départ'],
  ['update', 'Date de mise à jour'],
] as const;
const SEARCH_KEYS = [...TEXT_FILTERS, 'client_type', 'clients', ...RANGES.flatMap(([k]) => [`after_${k}`, `before_${k}`])];
const SORTS = [
  { value: 'client_number', label: 'Numéro client' },
  { value: 'edited_time', label: 'Date de mise à jour' },
  { value: 'arrival', label: "Date d'arrivée" },
  { value: 'departure', label: 'Date de départ' },
  { value: 'location', label: 'Emplacement' },
];

/** 002 §2 'Fiches clients': the list (with its import, sort, search, counters and selection) and a client's detail. */
export default function ClientsScreen() {
  const { clientNumber } = useParams();
  return clientNumber ? <ClientDetail clientNumber={clientNumber} /> : <ClientList />;
}

/** The list's query from the address: every filter, the checkboxes, the sort and the page. */
function useClientQuery() {
  const lp = useListParams({ sort: 'client_number', pageSize: 50 });
  const [params] = useSearchParams();
  const num = (k: string) => (params.get(k) ? Number(params.get(k)) : undefined);
  const size = Number(params.get('size'));
  const filters = {
    ...Object.fromEntries(TEXT_FILTERS.map((k) => [k, params.get(k) || undefined])),
    client_type: (params.get('client_type') || undefined) as 'tourist' | 'resident' | undefined,
    clients: params.get('clients') || undefined,
    stays: (params.get('stays') || undefined) as 'with' | 'without' | undefined,
    users: (params.get('users') || undefined) as 'with' | 'without' | undefined,
    on_site: params.get('on_site') === '1' ? '1' : undefined,
    ...Object.fromEntries(RANGES.flatMap(([k]) => [[`after_${k}`, num(`after_${k}`)], [`before_${k}`, num(`before_${k}`)]])),
  } as Omit<ClientListQuery, 'page' | 'per_page' | 'sort' | 'order'>;
  const perPage = (PAGE_SIZES as readonly number[]).includes(size) ? size : 50;
  const query: ClientListQuery = { ...filters, page: lp.page, per_page: perPage, sort: lp.sort as ClientListQuery['sort'], order: lp.dir };
  return { lp, params, filters, query, perPage, fromSearch: params.get('search') === '1' };
}

function ClientList() {
  const { lp, filters, query, perPage, fromSearch } = useClientQuery();
  const flash = useFlash();
  const list = useClients(query);
  const counts = useClientCounts(filters);
  const picked = useSelection();
  const [selectingAll, setSelectingAll] = useState(false);
  const navigate = useNavigate();
  const set = useLiveSet(lp.set);

  const rows = list.data?.rows ?? [];
  // past 1 000 matches the page says 'more', and the counters give the exact figure
  const total = list.data?.more && counts.data ? counts.data.clients : (list.data?.total ?? 0);
  const pageNumbers = rows.map((r) => r.client_number);
  const allOnPage = pageNumbers.length > 0 && pageNumbers.every((n) => picked.has(n));

  async function selectAcross(on: boolean) {
    if (!on) return selection.clear();
    setSelectingAll(true);
    try {
      selection.set(await api(clients.numbers, filters), true);
    } catch (err) {
      flash.setError(errorSentence('Impossible de sélectionner les fiches', err));
    } finally {
      setSelectingAll(false);
    }
  }
  const goTo = (path: string) => navigate(path, { state: { clients: selection.numbers() } });

  return (
    <>
      <PageHeader title={fromSearch ? PPL.searchResults : PPL.allClients} crumbs={crumbs} />
      <FlashBanner flash={flash} />
      <ImportPanel flash={flash} />
      {/* the search panel starts afresh when the search changes (reset, back button), not when a checkbox does: focus stays on it */}
      <Filters key={JSON.stringify(SEARCH_KEYS.map((k) => filters[k as keyof typeof filters] ?? null))} current={filters} onApply={(patch) => set((live) => ({ ...(typeof patch === 'function' ? patch(live) : patch), page: 1 }))} />
      <Counters counts={counts.data} page={lp.page} pages={Math.max(1, Math.ceil(total / perPage))} />

      <Paper withBorder p="sm" radius="md" mb="md">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Select
              label="Trier par"
              data={SORTS}
              value={lp.sort}
              allowDeselect={false}
              onChange={(v) => v && set({ sort: v, page: 1 })}
              w={200}
            />
            <SegmentedControl
              mt={24}
              aria-label="Ordre du tri"
              value={lp.dir}
              onChange={(v) => set({ dir: v, page: 1 })}
              data={[
                { value: 'asc', label: 'Croissant' },
                { value: 'desc', label: 'Décroissant' },
              ]}
            />
          </Group>
          <Select
            label="Fiches par page"
            data={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
            value={String(perPage)}
            allowDeselect={false}
            onChange={(v) => v && set({ size: v === '50' ? null : v, page: 1 })}
            w={140}
          />
        </Group>
        <Group mt="sm" gap="sm">
          <Checkbox label="Toute la page" checked={allOnPage} indeterminate={!allOnPage && pageNumbers.some((n) => picked.has(n))} onChange={(e) => selection.set(pageNumbers, e.currentTarget.checked)} disabled={!rows.length} />
          {total > perPage && (
            <Button variant="subtle" size="compact-sm" loading={selectingAll} onClick={() => void selectAcross(picked.size < total)}>
              {picked.size < total ? `Sélectionner les ${figure(total)} fiches` : 'Tout désélectionner'}
            </Button>
          )}
          {picked.size > 0 && (
            <>
              <Text size="sm" fw={600} role="status">
                {picked.size} fiche{picked.size > 1 ? 's' : ''} sélectionnée{picked.size > 1 ? 's' : ''}
              </Text>
              <Button variant="subtle" size="compact-sm" onClick={() => selection.clear()}>
                Vider la sélection
              </Button>
              {hasScreen('/administration/send-emails') && (
                <Button size="compact-sm" leftSection={<IconMail size={14} />} onClick={() => goTo('/administration/send-emails')}>
                  Envoyer un e-mail
                </Button>
              )}
              {hasScreen('/administration/send-notifications') && (
                <Button size="compact-sm" leftSection={<IconBell size={14} />} onClick={() => goTo('/administration/send-notifications')}>
                  Envoyer une notification
                </Button>
              )}
            </>
          )}
        </Group>
      </Paper>

      <ReadView read={list} failed="Impossible de récupérer les fiches clients" empty={Object.values(filters).some((v) => v !== undefined) ? PPL.noResult : PPL.emptyClients} isEmpty={(d) => d.rows.length === 0}>
        {(data) => (
          <Stack gap="sm" aria-busy={list.isPlaceholderData}>
            {data.rows.map((c) => (
              <ClientCard key={c.client_number} card={c} selected={picked.has(c.client_number)} onSelect={(on) => selection.set([c.client_number], on)} />
            ))}
          </Stack>
        )}
      </ReadView>
      <Pager page={lp.page} pageSize={perPage} total={total} onPage={(n) => (set({ page: n }), window.scrollTo(0, 0))} />
    </>
  );
}

function Counters({ counts, page, pages }: { counts?: { clients: number; stays: number; users: number; notifications: number }; page: number; pages: number }) {
  const items: [string, string][] = [
    ['Utilisateurs', counts ? figure(counts.users) : '…'],
    ['Notifications actives', counts ? figure(counts.notifications) : '…'],
    ['Séjours', counts ? figure(counts.stays) : '…'],
    ['Fiches clients', counts ? figure(counts.clients) : '…'],
    ['Page', `${page} / ${pages}`],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" mb="md" aria-label="Compteurs">
      {items.map(([label, value]) => (
        <Paper key={label} withBorder p="sm" radius="md">
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="lg">
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

type Filters = ReturnType<typeof useClientQuery>['filters'];

/** The checkboxes (applied at once, coupled as 002 §4 says) and the search panel (applied by its button). */
function Filters({ current, onApply }: { current: Filters; onApply(patch: Patch | ((live: URLSearchParams) => Patch)): void }) {
  const { timeZone } = useSession();
  const [text, setText] = useState<Record<string, string>>(Object.fromEntries(TEXT_FILTERS.map((k) => [k, (current[k] as string | undefined) ?? ''])));
  const [type, setType] = useState<string>(current.client_type ?? '');
  const [ranges, setRanges] = useState<Record<string, DayParts>>(
    Object.fromEntries(RANGES.flatMap(([k]) => [[`after_${k}`, partsOf(current[`after_${k}` as keyof Filters] as number | undefined, 'after', timeZone)], [`before_${k}`, partsOf(current[`before_${k}` as keyof Filters] as number | undefined, 'before', timeZone)]])),
  );

  // with/without pairs: never both off (turning one off turns the other on); each click flips the live address
  const withStays = current.stays !== 'without';
  const withoutStays = current.stays !== 'with';
  const withUsers = current.users !== 'without';
  const withoutUsers = current.users !== 'with';
  const onSite = current.on_site === '1';
  const flip = (key: 'stays' | 'users', side: 'with' | 'without') => () => onApply((live) => ({ [key]: toggledPair(live.get(key), side) }));

  function search(e: React.FormEvent) {
    e.preventDefault();
    const patch: Patch = { ...Object.fromEntries(TEXT_FILTERS.map((k) => [k, text[k].trim() || null])), client_type: type || null };
    for (const [k] of RANGES) {
      patch[`after_${k}`] = boundOf(ranges[`after_${k}`], 'after', timeZone) ?? null;
      patch[`before_${k}`] = boundOf(ranges[`before_${k}`], 'before', timeZone) ?? null;
    }
    // a search form with every field empty does nothing (002 §5)
    const hasAny = Object.values(patch).some((v) => v !== null);
    const hadAny = SEARCH_KEYS.some((k) => current[k as keyof Filters] !== undefined);
    if (!hasAny && !hadAny) return;
    patch.search = hasAny ? '1' : null;
    if (!hasAny) patch.clients = null;
    selection.clear();
    onApply(patch);
  }
  function reset() {
    setText(Object.fromEntries(TEXT_FILTERS.map((k) => [k, ''])));
    setType('');
    setRanges(Object.fromEntries(RANGES.flatMap(([k]) => [[`after_${k}`, NO_DAY], [`before_${k}`, NO_DAY]])));
    selection.clear();
    onApply({ ...Object.fromEntries(TEXT_FILTERS.map((k) => [k, null])), client_type: null, clients: null, search: null, ...Object.fromEntries(RANGES.flatMap(([k]) => [[`after_${k}`, null], [`before_${k}`, null]])) });
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
          checked={onSite}
          // turning on-site off turns 'with users' on (002 §4)
          onChange={() => onApply((live): Patch => (live.get('on_site') === '1' ? { on_site: null, users: live.get('users') === 'with' ? 'with' : null } : { on_site: '1' }))}
        />
      </Group>
      <form onSubmit={search} aria-label="Rechercher des fiches clients">
        <Title order={2} size="h5" mb="xs">
          Rechercher
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <TextInput label="N° client" value={text.client_number} onChange={(e) => setText({ ...text, client_number: e.currentTarget.value })} />
          <TextInput label="Nom" value={text.lastname} onChange={(e) => setText({ ...text, lastname: e.currentTarget.value })} />
          <TextInput label="Prénom" value={text.firstname} onChange={(e) => setText({ ...text, firstname: e.currentTarget.value })} />
          <TextInput label="E-mail" value={text.email} onChange={(e) => setText({ ...text, email: e.currentTarget.value })} />
          <TextInput label="Téléphone" value={text.phone} onChange={(e) => setText({ ...text, phone: e.currentTarget.value })} />
          <TextInput label="Emplacement" value={text.location} onChange={(e) => setText({ ...text, location: e.currentTarget.value })} />
          <TextInput label="Code d'activation" value={text.code} onChange={(e) => setText({ ...text, code: e.currentTarget.value })} />
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

/** Date ranges, each an 'after' and a 'before' day: side by side when the screen is wide enough. */
export function DateRanges({ ranges, value, onChange }: { ranges: readonly (readonly [string, string])[]; value: Record<string, DayParts>; onChange(v: Record<string, DayParts>): void }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md" mt="sm">
      {ranges.map(([k, label]) => (
        <Stack key={k} gap={4} role="group" aria-label={label}>
          <Text size="sm" fw={600}>
            {label}
          </Text>
          <DaySelect label={`${label} : après le`} value={value[`after_${k}`]} onChange={(v) => onChange({ ...value, [`after_${k}`]: v })} />
          <DaySelect label={`${label} : avant le`} value={value[`before_${k}`]} onChange={(v) => onChange({ ...value, [`before_${k}`]: v })} />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** The selects of a day: tight padding and chevron, so that 'Année' and 'Septembre' fit in a third of the panel. */
const tight = { rightSectionWidth: 22, styles: { input: { paddingInlineStart: 8, paddingInlineEnd: 22 } } } as const;

/** Day, month and year selects (years 2019 to now). */
export function DaySelect({ label, value, onChange }: { label: string; value: DayParts; onChange(v: DayParts): void }) {
  const thisYear = new Date().getFullYear();
  const short = label.split(' : ')[1] ?? label;
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={label}>
      <Text size="sm" c="dimmed" w={58} style={{ flex: 'none' }}>
        {short}
      </Text>
      <NativeSelect {...tight} aria-label={`${label} (jour)`} value={value.d} onChange={(e) => onChange({ ...value, d: e.currentTarget.value })} data={[{ value: '', label: 'Jour' }, ...Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))]} w={66} style={{ flex: 'none' }} />
      <NativeSelect {...tight} aria-label={`${label} (mois)`} value={value.m} onChange={(e) => onChange({ ...value, m: e.currentTarget.value })} data={[{ value: '', label: 'Mois' }, ...MONTHS.map((m, i) => ({ value: String(i), label: m }))]} miw={104} style={{ flex: 1 }} />
      <NativeSelect {...tight} aria-label={`${label} (année)`} value={value.y} onChange={(e) => onChange({ ...value, y: e.currentTarget.value })} data={[{ value: '', label: 'Année' }, ...Array.from({ length: thisYear - FIRST_YEAR + 1 }, (_, i) => String(thisYear - i))]} w={80} style={{ flex: 'none' }} />
    </Group>
  );
}

/** 002 §2 client detail: identity, activation code, details, the app users and the stays, with their links. */
function ClientDetail({ clientNumber }: { clientNumber: string }) {
  const client = useClient(clientNumber);
  return (
    <>
      <PageHeader
        title={client.data ? `${client.data.firstname} ${client.data.lastname}`.trim() || `Client ${clientNumber}` : `Client ${clientNumber}`}
        crumbs={[...crumbs, { label: `N° ${clientNumber}` }]}
        actions={<BackToList to="/users/clients" />}
      />
      <ReadView read={client} failed="Impossible de récupérer la fiche client" empty={`Aucune fiche client ne porte le numéro ${clientNumber}.`} isEmpty={(d) => d === false}>
        {(card) =>
          card && (
            <>
              <ClientCard card={card} headingLevel={2} />
              <Text size="sm" mt="sm">
                <Anchor component={Link} to={`/users/sejours?client_number=${encodeURIComponent(clientNumber)}`}>
                  Voir ses séjours dans la liste des séjours
                </Anchor>
              </Text>
            </>
          )
        }
      </ReadView>
    </>
  );
}
