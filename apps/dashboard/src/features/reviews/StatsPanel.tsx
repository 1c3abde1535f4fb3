import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Group, Loader, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReviewModel, ReviewStats } from '@campsite/shared';
import { pickTranslation, selectAnswers } from '@campsite/shared';
import { useSession } from '../../shell/session';
import { useReviewStats } from './api/reviews-queries';
import { PERIODS, type Period } from './periods';

const one = (n: number) => n.toLocaleString('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
type StatQuestion = ReviewStats['questions'][number];

/**
 * Beyond the spec (issue 24): over the chosen period, the average of each notation question and the
 * answer counts of each select question, each beside the previous period of the same length. The
 * charts carry a sentence for screen readers with the same figures.
 */
export default function StatsPanel({ model, period, onPeriod }: { model: ReviewModel; period: Period; onPeriod(p: Period): void }) {
  // to the next full hour: the read stays the same while the screen is open
  const to = Math.ceil(Date.now() / 3_600_000) * 3600;
  const stats = useReviewStats({ model: model._id, from: to - Number(period) * 86400, to });
  const data = stats.data;
  const label = PERIODS.find((p) => p.value === period)!.label;
  return (
    <Paper withBorder radius="md" p="md" mb="lg" aria-labelledby="review-trends" component="section">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} size="h4" id="review-trends">
          Tendances · {model.name}
        </Title>
        <SegmentedControl size="xs" aria-label="Période" value={period} onChange={(v) => onPeriod(v as Period)} data={PERIODS.map((p) => ({ ...p }))} />
      </Group>
      {stats.error ? (
        <Text c="red.8">Impossible de récupérer les tendances des avis</Text>
      ) : !data ? (
        <Loader role="status" size="sm" aria-label="Chargement" />
      ) : (
        <Stack gap="md">
          <Group gap="xl">
            <Figure label={`Avis sur ${label}`} value={String(data.count)} trend={<Delta now={data.count} before={data.previous_count} digits={0} />} />
            <Figure label="Note moyenne" value={data.score === null ? '—' : `${one(data.score)} / 5`} trend={<Delta now={data.score} before={data.previous_score} />} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
            {data.questions
              .filter((q) => q.type !== 'text')
              .map((q) => (
                <QuestionChart key={q._id} q={q} />
              ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Comparaison avec les {label} précédents.
          </Text>
        </Stack>
      )}
    </Paper>
  );
}

function Figure({ label, value, trend }: { label: string; value: string; trend: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Group gap="xs" align="baseline">
        <Text fw={700} fz={26}>
          {value}
        </Text>
        {trend}
      </Group>
    </Stack>
  );
}

/** '+0,3' in green, '−0,5' in red, '=' when equal; nothing without a previous figure. */
function Delta({ now, before, digits = 1 }: { now: number | null; before: number | null; digits?: number }) {
  if (now === null || before === null) return null;
  const d = now - before;
  const shown = Math.abs(d).toLocaleString('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const text = Math.abs(d) < 10 ** -digits / 2 ? '=' : `${d > 0 ? '+' : '−'}${shown}`;
  return (
    <Text size="sm" fw={600} c={text === '=' ? 'gray.7' : d > 0 ? 'teal.9' : 'red.9'} aria-label={`Période précédente : ${digits ? one(before) : before}`}>
      {text}
    </Text>
  );
}

function QuestionChart({ q }: { q: StatQuestion }) {
  const { defaultLang } = useSession();
  const title = pickTranslation(q.translations, defaultLang, defaultLang, 'title');
  const labels = q.type === 'notation' ? ['1', '2', '3', '4', '5'] : selectAnswers(pickTranslation(q.translations, defaultLang, defaultLang, 'select_list'));
  const rows = labels.map((l, i) => ({ answer: l, now: q.counts[i] ?? 0, before: q.previous_counts[i] ?? 0 }));
  const said = rows.map((r) => `${r.answer} : ${r.now} (avant ${r.before})`).join(', ');
  return (
    <Paper withBorder radius="sm" p="sm">
      <Text fw={600} size="sm" lineClamp={2}>
        {title}
      </Text>
      {q.type === 'notation' && (
        <Group gap="xs" align="baseline">
          <Text fw={700} size="lg">
            {q.average === null ? '—' : `${one(q.average)} / 5`}
          </Text>
          <Delta now={q.average} before={q.previous_average} />
        </Group>
      )}
      <Text size="xs" c="dimmed">
        {q.answered} réponse{q.answered > 1 ? 's' : ''} ({q.previous_answered} la période précédente)
      </Text>
      <Box role="img" aria-label={`${title} : ${said}`} mt="xs">
        <BarChart
          h={170}
          data={rows}
          dataKey="answer"
          series={[
            { name: 'now', label: 'Période', color: 'blue.8' },
            { name: 'before', label: 'Période précédente', color: 'gray.5' },
          ]}
          tickLine="none"
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 28 }}
          gridAxis="y"
          withYAxis={false}
          tooltipAnimationDuration={0}
        />
      </Box>
    </Paper>
  );
}
