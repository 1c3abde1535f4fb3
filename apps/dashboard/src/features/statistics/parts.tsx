import type { ReactNode } from 'react';
import { BarChart } from '@mantine/charts';
import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { STATISTICS as S } from '@campsite/shared';
import { changeText, fr } from './format';

/** '+12 %' in green, '−5 %' in red, '=' in grey; with the previous figure for screen readers and on hover; the previous figure itself when it was 0. */
export function Change({ current, previous, unit = '', compact = false }: { current: number; previous: number; unit?: string; compact?: boolean }) {
  const c = changeText(current, previous);
  const before = `${S.previous} : ${fr(previous)}${unit}`;
  // in a table's cell, nothing to compare with says nothing
  if (!c && compact) return null;
  if (!c)
    return (
      <Text size="sm" c="dimmed" title={before}>
        {before}
      </Text>
    );
  return (
    <Text size="sm" fw={600} c={c.tone === 'up' ? 'teal.9' : c.tone === 'down' ? 'red.9' : 'gray.7'} title={before} aria-label={`${c.text} (${before})`}>
      {c.text}
    </Text>
  );
}

/** A figure of the period, its change against the period compared with, and a hint below. */
export function Tile({ label, value, change, hint }: { label: string; value: string; change?: ReactNode; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Group gap="xs" align="baseline" wrap="nowrap">
        <Text fz={28} fw={700} data-testid={`stat-${label}`}>
          {value}
        </Text>
        {change}
      </Group>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** A titled section of the screen (a region named by its title). */
export function Section({ id, title, hint, children, actions }: { id: string; title: string; hint?: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <Stack gap={0}>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </Stack>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}

/** The axis of counts (views, visitors, bookings): whole numbers only, never a tick at 0.3 of a visit. */
export const COUNTS = { allowDecimals: false } as const;

/** What every chart of the screen shares: the legend above, no tick marks, no tooltip animation, French figures. */
export const CHART = {
  withLegend: true,
  legendProps: { verticalAlign: 'top', height: 36 },
  tickLine: 'none',
  tooltipAnimationDuration: 0,
  valueFormatter: fr,
} as const;

/**
 * Horizontal bars, one row per label and one bar per series, the period first and the period before in
 * grey; `text` is what a screen reader hears instead of the drawing.
 */
export function Bars<T extends { label: string }>({ data, series, text, rowHeight, labelWidth }: {
  data: T[];
  series: { name: keyof T & string; label: string; color: string }[];
  text: string;
  rowHeight: number;
  labelWidth: number;
}) {
  return (
    <Box role="img" aria-label={text}>
      <BarChart
        h={Math.max(160, data.length * rowHeight + 50)}
        data={data}
        dataKey="label"
        orientation="vertical"
        yAxisProps={{ width: labelWidth }}
        xAxisProps={COUNTS}
        series={series}
        gridAxis="x"
        {...CHART}
      />
    </Box>
  );
}
