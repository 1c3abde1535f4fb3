import { Checkbox, Group, Input, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { Animation, ScheduleForm as Form, Weekday } from '@campsite/shared';
import { ACTIVITIES, WEEKDAYS, animationDatesInsert, epochToZoned, pickTranslation } from '@campsite/shared';
import { useSession } from '../../shell/session';
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
    action: ACTIVITIES.calendarError,
    success: ACTIVITIES.datesAdded,
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
  /** 'Du 15 / 07', 'De 18 : 00': a word, two numbers and their separator on one line */
  const pair = (word: string, a: [NumberField, string, string], separator: string, b: [NumberField, string, string], group: 'dates' | 'hours') => (
    <Group gap="xs" wrap="nowrap" data-path={a[0] === 'start_day' ? 'dates' : a[0] === 'start_hour' ? 'hours' : undefined}>
      {sep(word)}
      {num(...a, group)}
      {sep(separator)}
      {num(...b, group)}
    </Group>
  );

  return (
    <FormCard form={f} title="Ajouter des dates" submit="Ajouter les dates" onCancel={() => onDone(null)} maw={640}>
      <Select
        label="Activité"
        required
        placeholder="Choisir une activité"
        searchable
        // the focus given to a refused field leaves its message in sight (the list opens on a click or typing)
        openOnFocus={false}
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
          {pair('Du', ['start_day', 'Jour de début', 'JJ'], '/', ['start_month', 'Mois de début', 'MM'], 'dates')}
          {pair('au', ['end_day', 'Jour de fin', 'JJ'], '/', ['end_month', 'Mois de fin', 'MM'], 'dates')}
        </Group>
      </Input.Wrapper>
      <Input.Wrapper label="Horaires" required error={errors.hours}>
        <Group gap="md" wrap="wrap" mt={4}>
          {pair('De', ['start_hour', 'Heure de début', 'HH'], ':', ['start_minute', 'Minute de début', 'MM'], 'hours')}
          {pair('à', ['end_hour', 'Heure de fin', 'HH'], ':', ['end_minute', 'Minute de fin', 'MM'], 'hours')}
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
