import { Suspense, lazy, useState } from 'react';
import { Button, Checkbox, Group, Select, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { REVIEWS, reviewListQuery, reviews } from '@campsite/shared';
import { callUrl } from '@campsite/shared/client';
import { navCrumbs } from '../../shell/nav';
import { FlashBanner, useFlash } from '../../components/flash';
import { PageHeader } from '../../components/PageHeader';
import { Pager, ReadView, oneOf, useAddress, useListQuery } from '../../components/list';
import { errorSentence } from '../../lib/errors';
import { figure } from '../../lib/format';
import { useExtract, useReviewModels, useReviewPage } from './api/reviews-queries';
import { ReviewsTable } from './ReviewsTable';
import { PERIODS, type Period } from './periods';

// the charts' library is the biggest part of the screen: the table shows without waiting for it
const StatsPanel = lazy(() => import('./StatsPanel'));

/** The trends' period, beside the list's address (`?page=2&model=…&period=90`). */
const PERIOD = { period: oneOf<Period, Period>(PERIODS.map((p) => p.value), '90') };

/**
 * 001 §2 'Lire les avis' (/avis/reponses): 'Extraire', 'Nb d'avis' and 'Nb de pages', 100 a page with
 * two pages either side of the current one, the table; above it the trends of a questionnaire (ours).
 */
export default function ReviewsScreen() {
  const flash = useFlash();
  // the list call's own schema reads the address: the first page is 0 (001 §9)
  const lq = useListQuery(reviewListQuery);
  const { query } = lq;
  const trends = useAddress(PERIOD);
  const period = trends.values.period;
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
      // nothing ticked: every review the list's filters keep
      const body = selected.size > 0 ? { review_id_list: [...selected] } : { all: true, model: query.model, score: query.score, comment: query.comment };
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
          <StatsPanel model={shown} period={period} onPeriod={(p) => trends.set({ period: p })} />
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
        <Group gap="sm" align="flex-end">
        <Checkbox
          label={REVIEWS.withComment}
          mb={8}
          checked={query.comment === '1'}
          onChange={(e) => (setSelected(new Set()), lq.set({ comment: e.currentTarget.checked ? '1' : null, page: lq.first }))}
        />
        <Select
          label={REVIEWS.scoreFilter}
          size="sm"
          w={160}
          data={[{ value: '', label: REVIEWS.allScores }, ...[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: REVIEWS.scoreOption(n) }))]}
          value={query.score === undefined ? '' : String(query.score)}
          allowDeselect={false}
          onChange={(v) => (setSelected(new Set()), lq.set({ score: v || null, page: lq.first }))}
        />
        {list.length > 1 && (
          <Select
            label="Questionnaire"
            size="sm"
            w={260}
            data={[{ value: '', label: 'Tous les questionnaires' }, ...list.map((m) => ({ value: m._id, label: m.name }))]}
            value={query.model ?? ''}
            allowDeselect={false}
            onChange={(v) => (setSelected(new Set()), lq.set({ model: v || null, page: lq.first }))}
          />
        )}
        </Group>
      </Group>
      <ReadView read={page} failed={REVIEWS.fetchReviews} empty={lq.filtered ? REVIEWS.noMatch : REVIEWS.emptyReviews} isEmpty={(d) => d.rows.length === 0}>
        {(d) => (
          <>
            <Pages page={d.page} total={d.total} perPage={d.per_page} onPage={lq.setPage} />
            <ReviewsTable rows={d.rows} forms={d.forms} selected={selected} onSelect={select} />
            <Pages page={d.page} total={d.total} perPage={d.per_page} onPage={lq.setPage} />
          </>
        )}
      </ReadView>
    </>
  );
}

/** 001 §9: the pages from 0, two either side of the current one; shown above and under a long page of 100. */
function Pages({ page, total, perPage, onPage }: { page: number; total: number; perPage: number; onPage(n: number): void }) {
  return <Pager page={page} pageSize={perPage} total={total} onPage={onPage} first={0} counted={false} siblings={2} />;
}
