import { useMemo, useState } from 'react';
import { ActionIcon, Alert, Button, Group, Paper, SegmentedControl, Text, Title } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { navCrumbs } from '../../shell/nav';
import { ScreenLoader } from '../../components/ListStates';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import type { AnimationDate } from '@campsite/shared';
import { ACTIVITIES, CORE, pickTranslation } from '@campsite/shared';
import { useSession } from '../../shell/session';
import { useConfirm } from '../../components/confirm';
import { FlashBanner, useFlash } from '../../components/flash';
import { PageHeader } from '../../components/PageHeader';
import { errorSentence } from '../../lib/errors';
import { useAnimationCategories } from './api/animation-categories-queries';
import { useAnimationDates, useDeleteDate } from './api/animation-dates-queries';
import { useAnimationNames } from './api/animations-queries';
import { MONTH_NAMES, monthOf, monthRange, shiftMonth, timeOf, type YearMonth } from './calendar';
import { MonthGrid, type Occurrence } from './MonthGrid';
import { ScheduleForm } from './ScheduleForm';

const NEUTRAL = '868e96';

/** 001 §2 'Animation calendar': one month, Monday first, with the form 'Animations > Ajouter des dates'. */
export default function AnimationDatesScreen() {
  const { timeZone, defaultLang } = useSession();
  const [month, setMonth] = useState<YearMonth>(() => monthOf(Date.now() / 1000, timeZone));
  const [adding, setAdding] = useState(false);
  // the month grid, or the days that have dates with whole names (a phone always has the list)
  const [view, setView] = useLocalStorage<'month' | 'list'>({ key: 'planning-view', defaultValue: 'month' });
  const narrow = useMediaQuery('(max-width: 48em)');
  const flash = useFlash();
  const confirm = useConfirm();
  const range = useMemo(() => monthRange(month, timeZone), [month, timeZone]);
  const dates = useAnimationDates(range);
  const animations = useAnimationNames();
  const categories = useAnimationCategories();
  const remove = useDeleteDate();

  const occurrences = useMemo<Occurrence[]>(() => {
    const byId = new Map(animations.data?.map((a) => [a._id, a]));
    const colors = new Map(categories.data?.map((c) => [c._id, c.color]));
    return (dates.data ?? []).map((d: AnimationDate) => {
      const animation = byId.get(d.animation);
      return {
        ...d,
        time: timeOf(d.start, timeZone),
        until: timeOf(d.end, timeZone),
        name: animation ? pickTranslation(animation.translations, defaultLang, defaultLang, 'name') : '',
        color: (animation && colors.get(animation.category)) || NEUTRAL,
      };
    });
  }, [dates.data, animations.data, categories.data, timeZone, defaultLang]);

  async function del(o: Occurrence) {
    if (!(await confirm())) return;
    try {
      if (await remove.mutateAsync({ id: o._id })) flash.setSuccess(ACTIVITIES.dateDeleted);
      else flash.setError(CORE.genericError);
    } catch (err) {
      flash.setError(errorSentence(ACTIVITIES.calendarError, err));
    }
  }

  if (adding) {
    return (
      <>
        <PageHeader title={ACTIVITIES.calendarTitle} crumbs={[...navCrumbs('/animation-dates'), { label: ACTIVITIES.addDatesCrumb }]} />
        <FlashBanner flash={flash} />
        <ScheduleForm
          animations={animations.data ?? []}
          flash={flash}
          onDone={(first) => {
            setAdding(false);
            if (first !== null) setMonth(monthOf(first, timeZone));
            else flash.clear();
          }}
        />
      </>
    );
  }

  const loading = dates.isPending || animations.isPending || categories.isPending;
  const failed = dates.error ?? animations.error ?? categories.error;
  const label = `${MONTH_NAMES[month.month - 1]} ${month.year}`;
  return (
    <>
      <PageHeader
        title={ACTIVITIES.calendarTitle}
        crumbs={navCrumbs('/animation-dates')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => (flash.clear(), setAdding(true))}>
            Ajouter des dates
          </Button>
        }
      />
      <FlashBanner flash={flash} />
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <ActionIcon variant="default" size="lg" aria-label="Mois précédent" onClick={() => setMonth((m) => shiftMonth(m, -1))}>
              <IconChevronLeft size={18} />
            </ActionIcon>
            <Title order={2} size="h3" tt="capitalize" aria-live="polite" miw={170} ta="center">
              {label}
            </Title>
            <ActionIcon variant="default" size="lg" aria-label="Mois suivant" onClick={() => setMonth((m) => shiftMonth(m, 1))}>
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
          {!narrow && (
            <SegmentedControl
              aria-label="Affichage"
              value={view}
              onChange={(v) => setView(v as 'month' | 'list')}
              data={[
                { value: 'month', label: 'Mois' },
                { value: 'list', label: 'Liste' },
              ]}
            />
          )}
        </Group>
        {failed ? (
          <Alert color="red">{errorSentence(ACTIVITIES.animationsFetchFailed, failed)}</Alert>
        ) : loading ? (
          <ScreenLoader />
        ) : (
          <>
            <MonthGrid month={month} occurrences={occurrences} timeZone={timeZone} onDelete={(o) => void del(o)} view={narrow ? 'list' : view} />
            {occurrences.length === 0 && (
              <Text c="dimmed" ta="center" size="sm" mt="md">
                Aucune date ce mois-ci
              </Text>
            )}
          </>
        )}
      </Paper>
    </>
  );
}
