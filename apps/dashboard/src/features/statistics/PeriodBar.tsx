import { useState } from 'react';
import { Button, Group, SegmentedControl, Text } from '@mantine/core';
import { STATISTICS as S, dayCount, isDay, statsQuery } from '@campsite/shared';
import { DayField } from '../../components/dates';
import { comparedText, periodText } from './format';

export type PeriodKind = 'week' | 'month' | 'season' | 'custom';
export const KINDS: { value: PeriodKind; label: string }[] = [
  { value: 'week', label: S.week },
  { value: 'month', label: S.month },
  { value: 'season', label: S.season },
  { value: 'custom', label: S.custom },
];

interface Props {
  kind: PeriodKind;
  period: { from: string; to: string; compare_from: string; compare_to: string };
  /** the compared period's last day counted (the server's), when the period is still in progress */
  countedTo?: string;
  /** the establishment's day: a period that ends after it is still in progress */
  today: string;
  onKind(kind: PeriodKind): void;
  onCustom(from: string, to: string): void;
}

/**
 * The period: three ready ones and a custom one (two dates, applied by 'Afficher'), and the period it is
 * compared with, said in words with the number of days each side counts.
 */
export function PeriodBar({ kind, period, countedTo, today, onKind, onCustom }: Props) {
  const inProgress = period.to > today;
  const days = dayCount(period.from, inProgress ? today : period.to);
  const compared = countedTo ?? period.compare_to;
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const apply = () => {
    const parsed = statsQuery.safeParse({ from, to });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    onCustom(from, to);
  };
  return (
    <Group justify="space-between" align="flex-end" gap="sm" mb="md" wrap="wrap">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SegmentedControl aria-label={S.periodLabel} value={kind} onChange={(v) => onKind(v as PeriodKind)} data={KINDS} />
        {kind === 'custom' && (
          <Group
            component="form"
            align="flex-start"
            gap="xs"
            wrap="nowrap"
            onSubmit={(e) => {
              e.preventDefault();
              apply();
            }}
          >
            {/* French days whatever the browser's language (issue 32) */}
            <DayField label={S.from} value={from} onChange={(v) => setFrom(v ?? '')} error={errors.from} w={150} size="sm" />
            <DayField label={S.to} value={to} onChange={(v) => setTo(v ?? '')} error={errors.to} w={150} size="sm" />
            <Button type="submit" mt={25} size="sm" disabled={!isDay(from) || !isDay(to)}>
              {S.apply}
            </Button>
          </Group>
        )}
      </Group>
      <Text size="sm" c="dimmed" data-testid="period-text">
        {periodText(period.from, period.to).replace(/^./, (c) => c.toUpperCase())} · {comparedText(period.compare_from, compared)}{' '}
        {S.comparedLength(dayCount(period.compare_from, compared), days, inProgress)}
      </Text>
    </Group>
  );
}
