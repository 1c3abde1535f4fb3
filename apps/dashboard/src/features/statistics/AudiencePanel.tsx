import '@mantine/charts/styles.css';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Box, Grid, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { STATISTICS as S, type StatsOverview } from '@campsite/shared';
import { dayLabel, fr, pct, percent } from './format';
import { CHART, COUNTS, Change, Section, Tile } from './parts';

/** The figures of the period, the views per day against the period compared with, per week, and app or browser. */
export function AudiencePanel({ o, today }: { o: StatsOverview; today: string }) {
  const { current: c, previous: p } = o;
  const perVisitor = (a: typeof c) => (a.visitors ? a.visits / a.visitors : 0);
  const one = fr;
  const short = o.days.length <= 14;
  // the days to come have no figure yet: the line stops at today rather than falling to 0
  const days = o.days.map((d) => ({ label: dayLabel(d.day, short), visits: d.day > today ? null : d.visits, previous: d.previous_visits }));
  const weeks = o.weeks.map((w) => ({ label: `${dayLabel(w.week)}`, visits: w.visits, visitors: w.visitors }));
  const said = (rows: { label: string; visits: number | null }[]) => rows.filter((r) => r.visits !== null).map((r) => `${r.label} : ${fr(r.visits!)}`).join(', ');
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="md">
        <Tile label={S.visits} value={fr(c.visits)} change={<Change current={c.visits} previous={p.visits} />} />
        <Tile label={S.visitors} value={fr(c.visitors)} change={<Change current={c.visitors} previous={p.visitors} />} hint="Un visiteur compte une fois par jour" />
        <Tile
          label={S.appShare}
          value={pct(percent(c.app_visits, c.visits))}
          change={<Change current={percent(c.app_visits, c.visits)} previous={percent(p.app_visits, p.visits)} unit="\u202f%" />}
          hint="des pages vues"
        />
        <Tile label={S.perVisitor} value={one(perVisitor(c))} hint={`${S.previous.toLowerCase()} : ${one(perVisitor(p))}`} />
      </SimpleGrid>
      <Section id="stats-days" title={S.visitsPerDay} hint={S.visitorsHint}>
        <Box role="img" aria-label={`${S.visitsPerDay} : ${said(days)}`}>
          <LineChart
            h={260}
            data={days}
            dataKey="label"
            series={[
              { name: 'visits', label: 'Période', color: 'blue.8' },
              { name: 'previous', label: S.previous, color: 'gray.6', strokeDasharray: '5 5' },
            ]}
            curveType="monotone"
            withDots={short}
            gridAxis="y"
            yAxisProps={COUNTS}
            {...CHART}
          />
        </Box>
      </Section>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Section id="stats-weeks" title={S.visitsPerWeek}>
            <Box role="img" aria-label={`${S.visitsPerWeek} : ${said(weeks)}`}>
              <BarChart
                h={220}
                data={weeks}
                dataKey="label"
                series={[
                  { name: 'visits', label: S.visits, color: 'blue.8' },
                  { name: 'visitors', label: S.visitors, color: 'teal.7' },
                ]}
                gridAxis="y"
                yAxisProps={COUNTS}
                {...CHART}
              />
            </Box>
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Section id="stats-app" title={S.installedVsBrowser}>
            <Group justify="center">
              <DonutChart
                size={150}
                thickness={26}
                withTooltip={false}
                chartLabel={pct(percent(c.app_visits, c.visits))}
                data={[
                  { name: S.installed, value: c.app_visits, color: 'blue.8' },
                  { name: S.browser, value: c.visits - c.app_visits, color: 'gray.4' },
                ]}
                aria-label={`${S.installed} : ${fr(c.app_visits)} ; ${S.browser} : ${fr(c.visits - c.app_visits)}`}
                role="img"
              />
            </Group>
            <Stack gap={2} mt="sm">
              <Legend color="var(--mantine-color-blue-8)" label={S.installed} value={`${fr(c.app_visits)} (${fr(c.app_visitors)} ${S.visitors.toLowerCase()})`} />
              <Legend color="var(--mantine-color-gray-4)" label={S.browser} value={fr(c.visits - c.app_visits)} />
            </Stack>
          </Section>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function Legend({ color, label, value }: { color: string; label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Box w={10} h={10} style={{ background: color, borderRadius: 2, flex: 'none' }} aria-hidden />
      <Text size="sm">
        {label} : <b>{value}</b>
      </Text>
    </Group>
  );
}
