import { useMemo, useState } from 'react';
import { ActionIcon, Alert, Button, Center, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import type { AnimationDate } from '@campsite/shared';
import { ACT, M, pickTranslation } from '@campsite/shared';
import { useSession } from '../../app/session';
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

const ROOT = { label: 'Activités', to: '/animations' };
const NEUTRAL = '868e96';

/** 001 §2 'Animation calendar': one month, Monday first, with the form 'Animations > Ajouter des dates'. */
export default function AnimationDatesScreen() {
  const { timeZone, defaultLang } = useSession();
  const [month, setMonth] = useState<YearMonth>(() => monthOf(Date.now() / 1000, timeZone));
  const [adding, setAdding] = useState(false);
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
        name: animation ? pickTranslation(animation.translations, defaultLang, defaultLang, 'name') : '',
        color: (animation && colors.get(animation.category)) || NEUTRAL,
      };
    });
  }, [dates.data, animations.data, categories.data, timeZone, defaultLang]);

  async function del(o: Occurrence) {
    if (!(await confirm())) return;
    try {
      if (await remove.mutateAsync({ id: o._id })) flash.setSuccess(ACT.dateDeleted);
      else flash.setError(M.genericError);
    } catch (err) {
      flash.setError(errorSentence(ACT.calendarError, err));
    }
  }

  if (adding) {
    return (
      <>
        <PageHeader title={ACT.addDatesCrumb} crumbs={[{ label: 'Animations', to: '/animation-dates' }, { label: ACT.addDatesCrumb }]} />
        <FlashBanner flash={flash} />
        <ScheduleForm
          animations={animations.data ?? []}
          flash={flash}
          onDone={(first) => {
            setAdding(false);
            setMonth(monthOf(first, timeZone));
            flash.setSuccess(ACT.datesAdded);
          }}
          onCancel={() => {
            setAdding(false);
            flash.clear();
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
        title={ACT.calendarTitle}
        crumbs={[ROOT, { label: ACT.calendarTitle }]}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => (flash.clear(), setAdding(true))}>
            Ajouter
          </Button>
        }
      />
      <FlashBanner flash={flash} />
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <Group justify="space-between" mb="md" wrap="nowrap">
          <ActionIcon variant="default" size="lg" aria-label="Mois précédent" onClick={() => setMonth((m) => shiftMonth(m, -1))}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Title order={2} size="h3" tt="capitalize" aria-live="polite">
            {label}
          </Title>
          <ActionIcon variant="default" size="lg" aria-label="Mois suivant" onClick={() => setMonth((m) => shiftMonth(m, 1))}>
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
        {failed ? (
          <Alert color="red">{errorSentence(ACT.animationsFetchFailed, failed)}</Alert>
        ) : loading ? (
          <Center h={300}>
            <Loader aria-label="Chargement" />
          </Center>
        ) : (
          <>
            <MonthGrid month={month} occurrences={occurrences} timeZone={timeZone} onDelete={(o) => void del(o)} />
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
