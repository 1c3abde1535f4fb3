import { Checkbox, Group, Input, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { Animation, ScheduleForm as Form, Weekday } from '@campsite/shared';
import { ACT, WEEKDAYS, animationDatesInsert, epochToZoned, pickTranslation } from '@campsite/shared';
import { useSession } from '../../app/session';
import type { Flash } from '../../components/flash';
import { FormCard } from '../../components/FormCard';
import { useContractForm } from '../../components/form';
import { useInsertDates } from './api/animation-dates-queries';
import { checkSchedule } from './schedule-check';

const DAY_LABELS: Record<Weekday, string> = {
  monday: 'Lundi',
  tuesday: 'Mardi',
  wednesday: 'Mercredi',
  thursday: 'Jeudi',
  friday: 'Vendredi',
  saturday: 'Samedi',
  sunday: 'Dimanche',
};

type Values = Form & { year: string } & Record<string, unknown>;

const EMPTY = {
  animation: null,
  start_day: '',
  start_month: '',
  end_day: '',
  end_month: '',
  start_hour: '',
  start_minute: '',
  end_hour: '',
  end_minute: '',
  monday: false,
  tuesday: false,
  wednesday: false,
  thursday: false,
  friday: false,
  saturday: false,
  sunday: false,
};

type NumberField = 'start_day' | 'start_month' | 'end_day' | 'end_month' | 'start_hour' | 'start_minute' | 'end_hour' | 'end_minute';

/**
 * 'Activités > Ajouter des dates' (001 §3-§5): this season or the next, checked by the spec's rules
 * (refusing, never rewriting, what is out of range), then all the dates are sent in one call.
 */
export function ScheduleForm({ animations, flash, onDone }: { animations: Animation[]; flash: Flash; onDone(firstStart: number | null): void }) {
  const { timeZone, defaultLang } = useSession();
  const insert = useInsertDates();
  const thisYear = epochToZoned(Date.now() / 1000, timeZone).year;
  const f = useContractForm({
    initial: { ...EMPTY, year: String(thisYear) } as Values,
    schema: animationDatesInsert,
    toBody: (v) => ({ animation: String(v.animation ?? ''), dates: checkSchedule(v, Number(v.year), timeZone).dates }),
    check: (v) => checkSchedule(v, Number(v.year), timeZone).errors,
    save: (body) => insert.mutateAsync(body),
    action: ACT.calendarError,
    success: ACT.datesAdded,
    onSaved: (_, v) => onDone(checkSchedule(v, Number(v.year), timeZone).dates[0]?.start ?? null),
    flash,
  });
  const { errors } = f.form;

  const num = (field: NumberField, label: string, placeholder: string, group: 'dates' | 'hours') => {
    const props = f.form.getInputProps(field);
    return (
      <TextInput
        {...props}
        error={!!errors[group]}
        aria-label={label}
        placeholder={placeholder}
        inputMode="numeric"
        maxLength={2}
        w={56}
        styles={{ input: { textAlign: 'center' } }}
        onChange={(e) => {
          props.onChange(e.currentTarget.value.replace(/\D/g, ''));
          f.form.clearFieldError(group);
        }}
        // a single digit is shown on two ('9' → '09'); nothing else is changed
        onBlur={(e) => {
          const v = e.currentTarget.value;
          if (/^\d$/.test(v)) f.form.setFieldValue(field, `0${v}`);
        }}
      />
    );
  };
  const sep = (s: string) => (
    <Text c="dimmed" size="sm">
      {s}
    </Text>
  );

  return (
    <FormCard form={f} title="Ajouter des dates" submit="Ajouter les dates" onCancel={() => onDone(null)} maw={640}>
      <Select
        label="Activité"
        required
        placeholder="Choisir une activité"
        searchable
        data={animations.map((a) => ({ value: a._id, label: pickTranslation(a.translations, defaultLang, defaultLang, 'name') }))}
        nothingFoundMessage="Aucune activité"
        {...f.form.getInputProps('animation')}
      />
      <Input.Wrapper label="Dates" required error={errors.dates}>
        <Group gap="md" wrap="wrap" mt={4}>
          <Select
            aria-label="Année"
            w={96}
            allowDeselect={false}
            data={[String(thisYear), String(thisYear + 1)]}
            {...f.form.getInputProps('year')}
          />
          <Group gap="xs" wrap="nowrap" data-path="dates">
            {sep('Du')}
            {num('start_day', 'Jour de début', 'JJ', 'dates')}
            {sep('/')}
            {num('start_month', 'Mois de début', 'MM', 'dates')}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {sep('au')}
            {num('end_day', 'Jour de fin', 'JJ', 'dates')}
            {sep('/')}
            {num('end_month', 'Mois de fin', 'MM', 'dates')}
          </Group>
        </Group>
      </Input.Wrapper>
      <Input.Wrapper label="Horaires" required error={errors.hours}>
        <Group gap="md" wrap="wrap" mt={4}>
          <Group gap="xs" wrap="nowrap">
            {sep('De')}
            {num('start_hour', 'Heure de début', 'HH', 'hours')}
            {sep(':')}
            {num('start_minute', 'Minute de début', 'MM', 'hours')}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {sep('à')}
            {num('end_hour', 'Heure de fin', 'HH', 'hours')}
            {sep(':')}
            {num('end_minute', 'Minute de fin', 'MM', 'hours')}
          </Group>
        </Group>
      </Input.Wrapper>
      <Input.Wrapper label="Jours" required error={errors.days}>
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" mt={6}>
          {WEEKDAYS.map((d) => {
            const props = f.form.getInputProps(d, { type: 'checkbox' });
            return (
              <Checkbox
                key={d}
                label={DAY_LABELS[d]}
                {...props}
                error={undefined}
                onChange={(e) => {
                  props.onChange(e);
                  f.form.clearFieldError('days');
                }}
              />
            );
          })}
        </SimpleGrid>
      </Input.Wrapper>
    </FormCard>
  );
}
