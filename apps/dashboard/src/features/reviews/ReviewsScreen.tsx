import { Suspense, lazy, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Group, Pagination, Select, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { REVIEWS, reviewListQuery, reviews } from '@campsite/shared';
import { callUrl } from '@campsite/shared/client';
import { navCrumbs } from '../../shell/nav';
import { FlashBanner, useFlash } from '../../components/flash';
import { PageHeader } from '../../components/PageHeader';
import { ReadView } from '../../components/list/ReadView';
import { errorSentence } from '../../lib/errors';
import { figure } from '../../lib/format';
import { useExtract, useReviewModels, useReviewPage } from './api/reviews-queries';
import { ReviewsTable } from './ReviewsTable';
import { PERIODS, type Period } from './periods';

// the charts' library is the biggest part of the screen: the table shows without waiting for it
const StatsPanel = lazy(() => import('./StatsPanel'));

/**
 * The address of the screen (`?page=2&model=…&period=90`), read with the list call's own schema: the
 * first page is 0 (001 §9); a value the schema refuses falls back to its default.
 */
function useAddress() {
  const [params, setParams] = useSearchParams();
  const read = reviewListQuery.safeParse({ page: params.get('page') ?? undefined, model: params.get('model') ?? undefined });
  const query = read.success ? read.data : reviewListQuery.parse({});
  const period = (PERIODS.find((p) => p.value === params.get('period'))?.value ?? '90') as Period;
  const set = (patch: Record<string, string | number | null>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null || (k === 'page' && v === 0)) next.delete(k);
          else next.set(k, String(v));
        }
        return next;
      },
      { replace: true },
    );
  return { query, period, set };
}

/**
 * 001 §2 'Lire les avis' (/avis/reponses): 'Extraire', 'Nb d'avis' and 'Nb de pages', 100 a page with
 * two pages either side of the current one, the table; above it the trends of a questionnaire (ours).
 */
export default function ReviewsScreen() {
  const flash = useFlash();
  const { query, period, set } = useAddress();
  const models = useReviewModels();
  const page = useReviewPage(query);
  const extract = useExtract();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const select = (ids: string[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  // the trends follow the questionnaire chosen, else the one sent at the end of stays, else the first
  const list = models.data ?? [];
  const shown = list.find((m) => m._id === query.model) ?? list.find((m) => m.type === 'global') ?? list[0];
  const data = page.data;

  /** 001 §7: the POST keeps the selection, then the browser downloads the GET's CSV. */
  async function onExtract() {
    flash.clear();
    try {
      const body = selected.size > 0 ? { review_id_list: [...selected] } : { all: true, ...(query.model ? { model: query.model } : {}) };
      const done = await extract.mutateAsync(body);
      const a = document.createElement('a');
      a.href = callUrl(reviews.extractCsv, { id: done.id });
      a.download = 'extract_reviews.csv';
      document.body.append(a);
      a.click();
      a.remove();
    } catch (err) {
      flash.setError(errorSentence(REVIEWS.extractFailed, err, 2));
    }
  }

  const total = data?.total ?? 0;
  return (
    <>
      <PageHeader
        title={REVIEWS.answersTitle}
        crumbs={navCrumbs('/avis/reponses')}
        actions={
          <Group gap="sm">
            <Text size="sm" c="dimmed">
              {selected.size > 0 ? `${figure(selected.size)} avis coché${selected.size > 1 ? 's' : ''}` : 'Tous les avis de la liste'}
            </Text>
            <Button leftSection={<IconDownload size={16} />} onClick={() => void onExtract()} loading={extract.isPending} disabled={total === 0 && selected.size === 0}>
              {REVIEWS.extract}
            </Button>
          </Group>
        }
      />
      <FlashBanner flash={flash} />
      {shown && (
        <Suspense fallback={null}>
          <StatsPanel model={shown} period={period} onPeriod={(p) => set({ period: p })} />
        </Suspense>
      )}
      <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
        <Group gap="lg">
          <Text size="sm">
            {REVIEWS.reviewCount} : <b>{figure(total)}</b>
          </Text>
          <Text size="sm">
            {REVIEWS.pageCount} : <b>{figure(data?.pages ?? 0)}</b>
          </Text>
        </Group>
        {list.length > 1 && (
          <Select
            label="Questionnaire"
            size="sm"
            w={260}
            data={[{ value: '', label: 'Tous les questionnaires' }, ...list.map((m) => ({ value: m._id, label: m.name }))]}
            value={query.model ?? ''}
            allowDeselect={false}
            onChange={(v) => (setSelected(new Set()), set({ model: v || null, page: 0 }))}
          />
        )}
      </Group>
      <ReadView read={page} failed={REVIEWS.fetchReviews} empty={REVIEWS.emptyReviews} isEmpty={(d) => d.rows.length === 0}>
        {(d) => (
          <>
            <Pages page={d.page} pages={d.pages} onPage={(n) => set({ page: n })} />
            <ReviewsTable rows={d.rows} selected={selected} onSelect={select} />
            <Pages page={d.page} pages={d.pages} onPage={(n) => set({ page: n })} />
          </>
        )}
      </ReadView>
    </>
  );
}

/** 001 §9: the pages, two either side of the current one; shown above and under a long page of 100. */
function Pages({ page, pages, onPage }: { page: number; pages: number; onPage(n: number): void }) {
  if (pages < 2) return null;
  return (
    <Group justify="flex-end" my="sm">
      <Pagination
        total={pages}
        value={page + 1}
        siblings={2}
        onChange={(n) => onPage(n - 1)}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': control === 'previous' ? 'Page précédente' : control === 'next' ? 'Page suivante' : control === 'first' ? 'Première page' : 'Dernière page' })}
        getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
      />
    </Group>
  );
}
