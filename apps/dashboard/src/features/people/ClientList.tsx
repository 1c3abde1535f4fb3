import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Checkbox, Group, Paper, SegmentedControl, Select, SimpleGrid, Text } from '@mantine/core';
import { IconBell, IconMail } from '@tabler/icons-react';
import { api } from '@campsite/shared/client';
import { clientListQuery, clients, PAGE_SIZES, PEOPLE } from '@campsite/shared';
import { FlashBanner, useArrivalFlash, useFlash } from '../../components/flash';
import { PagedList, useCappedCount, useListQuery } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { errorSentence } from '../../lib/errors';
import { figure } from '../../lib/format';
import { useHasScreen } from '../../shell/screens';
import { useClients } from './api/people-queries';
import { ClientTable } from './ClientTable';
import { ExportButton } from './ExportButton';
import { ClientFilters, searchKey } from './ClientFilters';
import { clientCrumbs } from './crumbs';
import { ImportPanel } from './ImportPanel';
import { selection, useSelection } from './selection';

const SORTS = [
  { value: 'client_number', label: 'Numéro client' },
  { value: 'edited_time', label: 'Date de mise à jour' },
  { value: 'arrival', label: "Date d'arrivée" },
  { value: 'departure', label: 'Date de départ' },
  { value: 'location', label: 'Emplacement' },
];

/** The client list: import, filters, counters, sort and page size, the selection across pages, the cards. */
export function ClientList() {
  const lq = useListQuery(clientListQuery);
  const { filters, perPage } = lq;
  const flash = useFlash();
  const list = useClients(lq.query);
  // past 1 000 matches the page says 'more', and the counters (always shown) give the exact figure
  const { total, count: counts } = useCappedCount(list, clients.counts, filters, { always: true, pick: (c) => c.clients });
  const picked = useSelection();
  const [selectingAll, setSelectingAll] = useState(false);
  const navigate = useNavigate();
  const hasScreen = useHasScreen();
  // a client erased on their detail comes back here with its sentence
  useArrivalFlash(flash);
  // after a search, the keyboard starts at the results: the first client is the next Tab
  const results = useRef<HTMLElement>(null);
  const focusedFor = useRef<string | null>(null);
  const searchShown = lq.searched && !!list.data && !list.isPlaceholderData ? searchKey(filters) : null;
  useEffect(() => {
    if (searchShown === null || focusedFor.current === searchShown) return;
    focusedFor.current = searchShown;
    // the button clicked may have been below the fold: the new results start at the top of the page
    window.scrollTo(0, 0);
    results.current?.focus({ preventScroll: true });
  }, [searchShown]);

  const rows = list.data?.rows ?? [];
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
      <PageHeader title={lq.searched ? PEOPLE.searchResults : PEOPLE.allClients} crumbs={clientCrumbs} />
      <FlashBanner flash={flash} />
      {!lq.searched && <ImportPanel flash={flash} />}
      <ClientFilters key={searchKey(filters)} lq={lq} />
      <Counters counts={counts.data} page={lq.page} pages={Math.max(1, Math.ceil(total / perPage))} />

      <Paper withBorder p="sm" radius="md" mb="md">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Select label="Trier par" data={SORTS} value={lq.sort} allowDeselect={false} onChange={(v) => v && lq.set({ sort: v, page: 1 })} w={200} />
            <SegmentedControl
              mt={24}
              aria-label="Ordre du tri"
              value={lq.dir}
              onChange={(v) => lq.set({ order: v, page: 1 })}
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
            onChange={(v) => v && lq.set({ per_page: v, page: 1 })}
            w={140}
          />
        </Group>
        <Group mt="sm" gap="sm" justify="flex-end">
          <ExportButton def={clients.export} filters={filters} label="Exporter les fiches en CSV" />
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

      {/* the counters above say the figures: no row count */}
      {/* the results are a named region the keyboard lands on (a labelled div without a role fails axe) */}
      <section ref={results} tabIndex={-1} aria-label="Liste des fiches clients" style={{ outline: 'none' }}>
        <PagedList lq={lq} read={list} count={{ total }} rowCount={false} pagerAbove failed="Impossible de récupérer les fiches clients" empty={PEOPLE.emptyClients} noResult={PEOPLE.noResult} onPage={(n) => (lq.setPage(n), window.scrollTo(0, 0))}>
          {(rows) => (
            <div aria-busy={list.isPlaceholderData}>
              <ClientTable rows={rows} picked={picked} onSelect={(n, on) => selection.set([n], on)} />
            </div>
          )}
        </PagedList>
      </section>
      {lq.searched && <ImportPanel flash={flash} />}
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
