import { Group, Select, Text } from '@mantine/core';
import { STATISTICS as S, statsSeason, type StatsSeason } from '@campsite/shared';
import type { Flash } from '../../components/flash';
import { FormModal } from '../../components/FormCard';
import { useContractForm } from '../../components/form';

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
const MONTH_OPTIONS = MONTHS.map((label, i) => ({ value: String(i + 1).padStart(2, '0'), label }));
const DAY_OPTIONS = Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1).padStart(2, '0'), label: i === 0 ? '1er' : String(i + 1) }));

/** '1er avril', '31 octobre' */
export function monthDayText(md: string) {
  const day = Number(md.slice(3));
  return `${day === 1 ? '1er' : day} ${MONTHS[Number(md.slice(0, 2)) - 1]}`;
}

interface Values extends Record<string, unknown> {
  startDay: string;
  startMonth: string;
  endDay: string;
  endMonth: string;
}

/** The establishment's season, opening and closing day, which 'La saison' covers (docs/statistics.md). */
export function SeasonForm({ season, save, flash, onClose }: { season: StatsSeason; save(s: StatsSeason): Promise<unknown>; flash: Flash; onClose(): void }) {
  const f = useContractForm({
    initial: { startDay: season.start.slice(3), startMonth: season.start.slice(0, 2), endDay: season.end.slice(3), endMonth: season.end.slice(0, 2) } as Values,
    schema: statsSeason,
    toBody: (v) => ({ start: `${v.startMonth}-${v.startDay}`, end: `${v.endMonth}-${v.endDay}` }),
    fieldOf: { start: 'startDay', end: 'endDay' },
    save,
    action: S.seasonFailed,
    success: S.seasonSaved,
    onSaved: () => {
      flash.setSuccess(S.seasonSaved);
      onClose();
    },
  });
  const pair = (day: 'startDay' | 'endDay', dayLabel: string, month: 'startMonth' | 'endMonth', monthLabel: string) => (
    <Group align="flex-start" gap="sm">
      <Select label={dayLabel} data={DAY_OPTIONS} allowDeselect={false} w={150} {...f.form.getInputProps(day)} />
      <Select label={monthLabel} data={MONTH_OPTIONS} allowDeselect={false} w={180} {...f.form.getInputProps(month)} />
    </Group>
  );
  return (
    <FormModal form={f} title={S.seasonTitle} submit={S.save} onClose={onClose} size="md">
      <Text size="sm" c="dimmed">
        {S.seasonHint}
      </Text>
      {pair('startDay', S.openingDay, 'startMonth', S.openingMonth)}
      {pair('endDay', S.closingDay, 'endMonth', S.closingMonth)}
    </FormModal>
  );
}
