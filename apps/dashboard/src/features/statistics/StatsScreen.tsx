import { useState } from 'react';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { DEFAULT_SEASON, STATISTICS as S, dayOf, isDay, precedingPeriod, stats, statsPeriod, type StatsPeriod, type StatsSeason } from '@campsite/shared';
import { FlashBanner, useFlash } from '../../components/flash';
import { oneOf, textField, useAddress } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { errorSentence } from '../../lib/errors';
import { useCall, useCallMutation } from '../../lib/query';
import { useSession } from '../../shell/session';
import { AudiencePanel } from './AudiencePanel';
import { ContentPanel } from './ContentPanel';
import { EngagementPanel } from './EngagementPanel';
import { PeriodBar, type PeriodKind } from './PeriodBar';
import { SeasonForm, monthDayText } from './SeasonForm';
import { SummaryMailSwitch } from './SummaryMailSwitch';

/**
 * The period in the address (`?periode=mois`, `?periode=perso&du=…&au=…`), so that a reload, the back
 * button and a shared link show the same figures; this week by default. Days are the establishment's.
 */
const WORDS: Record<PeriodKind, string> = { week: 'semaine', month: 'mois', season: 'saison', custom: 'perso' };
const KIND_OF = Object.fromEntries(Object.entries(WORDS).map(([k, w]) => [w, k])) as Record<string, PeriodKind>;
const ADDRESS = { periode: oneOf(Object.values(WORDS)), du: textField(), au: textField() };

function usePeriod(today: string, season: StatsSeason) {
  const { values, set } = useAddress(ADDRESS);
  const kind: PeriodKind = KIND_OF[values.periode ?? ''] ?? 'week';
  const du = values.du ?? '';
  const au = values.au ?? '';
  const period: StatsPeriod =
    kind === 'custom' && isDay(du) && isDay(au) ? { from: du, to: au, ...precedingPeriod(du, au) } : statsPeriod(kind === 'custom' ? 'month' : kind, today, season);
  const setKind = (k: PeriodKind) =>
    set(k === 'custom' ? { periode: WORDS[k], du: period.from, au: period.to } : { periode: k === 'week' ? null : WORDS[k], du: null, au: null });
  const setCustom = (from: string, to: string) => set({ periode: WORDS.custom, du: from, au: to });
  return { kind, period, setKind, setCustom };
}

/** 'Statistiques' (002 §2; the spec says only that weeks start on Monday): docs/statistics.md. */
export default function StatsScreen() {
  const { timeZone } = useSession();
  const today = dayOf(Date.now() / 1000, timeZone);
  const season = useCall(stats.season);
  const { kind, period, setKind, setCustom } = usePeriod(today, season.data ?? DEFAULT_SEASON);
  // the season's period waits for the establishment's dates, so that the default ones are never read for nothing
  const read = useCall(stats.overview, period, { placeholderData: keepPreviousData, enabled: kind !== 'season' || !!season.data || !!season.error });
  const saveSeason = useCallMutation(stats.seasonUpdate, [stats.season]);
  const [editing, setEditing] = useState(false);
  const flash = useFlash();
  const o = read.data;
  return (
    <>
      <PageHeader title={S.title} actions={<SummaryMailSwitch flash={flash} />} />
      <FlashBanner flash={flash} />
      <PeriodBar key={`${kind}-${period.from}-${period.to}`} kind={kind} period={period} countedTo={o?.from === period.from ? o.compare_counted_to : undefined} today={today} onKind={setKind} onCustom={setCustom} />
      {kind === 'season' && season.data && (
        <Group gap="xs" mt={-8} mb="md">
          <Text size="sm">{S.seasonText(monthDayText(season.data.start), monthDayText(season.data.end))}</Text>
          <Button variant="subtle" size="compact-sm" onClick={() => setEditing(true)}>
            {S.editSeason}
          </Button>
        </Group>
      )}
      {editing && season.data && <SeasonForm season={season.data} save={(s) => saveSeason.mutateAsync(s)} flash={flash} onClose={() => setEditing(false)} />}
      {read.error ? (
        <Text c="red.8" role="alert">
          {errorSentence(S.readFailed, read.error)}
        </Text>
      ) : !o ? (
        <Group justify="center" p="xl">
          <Loader role="status" aria-label="Chargement" />
        </Group>
      ) : (
        // the last figures stay as they are while another period loads: faded, their muted text fell under 3:1
        // (issue 32's serious axe node); a loader says it instead
        <Stack gap="md" aria-busy={read.isPlaceholderData} pos="relative">
          {read.isPlaceholderData && (
            <Loader size="sm" role="status" aria-label="Chargement" pos="absolute" top={-34} right={0} />
          )}
          <AudiencePanel o={o} today={today} />
          <ContentPanel o={o} />
          <EngagementPanel o={o} />
        </Stack>
      )}
    </>
  );
}

