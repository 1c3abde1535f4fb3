import { ActionIcon, Button, Checkbox, Group, Input, Paper, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { TimeField } from '../../components/dates';
import type { ContractForm } from '../../components/form';

/** A period as the form holds it: the body's fields, null while not chosen. */
export interface DateRow {
  start_day: number | null;
  start_month: number | null;
  end_day: number | null;
  end_month: number | null;
}
export interface HoursRow {
  monday: boolean;
  tuesday: boolean;
  wednesday: boolean;
  thursday: boolean;
  friday: boolean;
  saturday: boolean;
  sunday: boolean;
  start_hour: number | null;
  start_minute: number | null;
  end_hour: number | null;
  end_minute: number | null;
}

/** A new period starts as the whole year, hours as 09:00–18:00 every day: staff narrow them rather than fill eight fields. */
export const newDateRow = (): DateRow => ({ start_day: 1, start_month: 1, end_day: 31, end_month: 12 });
export const newHoursRow = (): HoursRow => ({
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: true,
  sunday: true,
  start_hour: 9,
  start_minute: 0,
  end_hour: 18,
  end_minute: 0,
});

const DAYS = Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));
const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'].map((m, i) => ({ value: String(i + 1), label: m }));
const WEEK: [keyof HoursRow, string, string][] = [
  ['monday', 'Lun.', 'lundi'],
  ['tuesday', 'Mar.', 'mardi'],
  ['wednesday', 'Mer.', 'mercredi'],
  ['thursday', 'Jeu.', 'jeudi'],
  ['friday', 'Ven.', 'vendredi'],
  ['saturday', 'Sam.', 'samedi'],
  ['sunday', 'Dim.', 'dimanche'],
];

type AnyForm = ContractForm<any>;
const num = (v: string | null) => (v ? Number(v) : null);
const str = (v: number | null) => (v === null ? null : String(v));

/** 'Périodes d'ouverture': yearly periods, from a day and month to a day and month (both included). */
export function DatesField({ form, path, label, addLabel }: { form: AnyForm; path: string; label: string; addLabel: string }) {
  const rows = (form.form.getValues()[path] as DateRow[]) ?? [];
  const listError = form.form.errors[path] as string | undefined;
  return (
    <Input.Wrapper label={label} error={listError} data-path={path} tabIndex={-1}>
      <Stack gap="xs" mt={4}>
        {rows.map((_, i) => {
          const at = `${path}.${i}`;
          const select = (field: keyof DateRow, options: typeof DAYS, name: string) => {
            const p = form.form.getInputProps(`${at}.${field}`);
            return <Select aria-label={`${name}, période ${i + 1}`} placeholder={name} data={options} w={field.endsWith('month') ? 130 : 80} value={str(p.value as number | null)} onChange={(v) => p.onChange(num(v))} error={!!p.error} data-path={`${at}.${field}`} allowDeselect={false} />;
          };
          const rowError = (form.form.errors[at] ?? form.form.errors[`${at}.start_day`] ?? form.form.errors[`${at}.end_day`]) as string | undefined;
          return (
            <Paper key={i} withBorder p="xs" radius="sm">
              <Group gap="xs" wrap="wrap" align="center">
                <Text size="sm">Du</Text>
                {select('start_day', DAYS, 'Jour de début')}
                {select('start_month', MONTHS, 'Mois de début')}
                <Text size="sm">au</Text>
                {select('end_day', DAYS, 'Jour de fin')}
                {select('end_month', MONTHS, 'Mois de fin')}
                <ActionIcon variant="subtle" color="red" aria-label={`Supprimer la période ${i + 1}`} onClick={() => form.form.removeListItem(path, i)}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              {rowError && (
                <Text size="xs" c="red.8" mt={4} role="alert">
                  {rowError}
                </Text>
              )}
            </Paper>
          );
        })}
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => form.form.insertListItem(path, newDateRow())}>
            {addLabel}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

const pad = (n: number | null) => (n === null ? '' : String(n).padStart(2, '0'));
const timeOf = (h: number | null, m: number | null) => (h === null || m === null ? '' : `${pad(h)}:${pad(m)}`);

/** 'Horaires': the ticked weekdays, from a time to a time. */
export function HoursField({ form, path, label, addLabel }: { form: AnyForm; path: string; label: string; addLabel: string }) {
  const rows = (form.form.getValues()[path] as HoursRow[]) ?? [];
  const listError = form.form.errors[path] as string | undefined;
  const setTime = (at: string, which: 'start' | 'end', value: string) => {
    const m = /^(\d{2}):(\d{2})$/.exec(value);
    form.form.setFieldValue(`${at}.${which}_hour`, (m ? Number(m[1]) : null) as never);
    form.form.setFieldValue(`${at}.${which}_minute`, (m ? Number(m[2]) : null) as never);
  };
  // French on 24 hours whatever the browser's language (issue 32); each part named with its row
  const time = (at: string, i: number, which: 'start' | 'end', h: number | null, m: number | null, error: boolean) => {
    const name = `${which === 'start' ? 'Heure de début' : 'Heure de fin'}, horaire ${i + 1}`;
    return (
      <TimeField
        value={timeOf(h, m)}
        onChange={(v) => setTime(at, which, v)}
        w={110}
        error={error}
        hoursInputLabel={`${name} : heures`}
        minutesInputLabel={`${name} : minutes`}
        hoursInputProps={{ 'data-path': `${at}.${which}_hour` }}
      />
    );
  };
  return (
    <Input.Wrapper label={label} error={listError} data-path={path} tabIndex={-1}>
      <Stack gap="xs" mt={4}>
        {rows.map((row, i) => {
          const at = `${path}.${i}`;
          const errors = form.form.errors;
          const dayError = errors[`${at}.monday`] as string | undefined;
          const timeError = (errors[at] ?? errors[`${at}.end_hour`] ?? errors[`${at}.start_hour`]) as string | undefined;
          return (
            <Paper key={i} withBorder p="xs" radius="sm">
              <Group gap="sm" wrap="wrap" align="center">
                <Group gap={6} role="group" aria-label={`Jours, horaire ${i + 1}`}>
                  {WEEK.map(([key, short, long]) => (
                    <Checkbox
                      key={key}
                      size="xs"
                      label={short}
                      aria-label={long}
                      checked={row[key] as boolean}
                      onChange={(e) => form.form.setFieldValue(`${at}.${key}`, e.currentTarget.checked as never)}
                      data-path={key === 'monday' ? `${at}.monday` : undefined}
                    />
                  ))}
                </Group>
                <Group gap={6} align="center">
                  {time(at, i, 'start', row.start_hour, row.start_minute, !!timeError)}
                  <Text size="sm">à</Text>
                  {time(at, i, 'end', row.end_hour, row.end_minute, !!timeError)}
                </Group>
                <ActionIcon variant="subtle" color="red" aria-label={`Supprimer l'horaire ${i + 1}`} onClick={() => form.form.removeListItem(path, i)}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              {(dayError || timeError) && (
                <Text size="xs" c="red.8" mt={4} role="alert">
                  {[timeError, dayError].filter(Boolean).join(' · ')}
                </Text>
              )}
            </Paper>
          );
        })}
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => form.form.insertListItem(path, newHoursRow())}>
            {addLabel}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

/** Hours 0 to 12 and minutes by 5 (001 §9), as two selects. */
export function DurationField({ form, label, hour, minute, description }: { form: AnyForm; label: string; hour: string; minute: string; description?: string }) {
  const h = form.form.getInputProps(hour);
  const m = form.form.getInputProps(minute);
  const error = (m.error ?? h.error) as string | undefined;
  return (
    <Input.Wrapper label={label} error={error} description={description} maw={description ? 320 : undefined}>
      <Group gap="xs" mt={4}>
        <Select aria-label={`${label} : heures`} w={90} data={Array.from({ length: 13 }, (_, i) => ({ value: String(i), label: `${i} h` }))} value={String(h.value ?? 0)} onChange={(v) => h.onChange(Number(v ?? 0))} allowDeselect={false} data-path={hour} error={!!error} />
        <Select aria-label={`${label} : minutes`} w={100} data={Array.from({ length: 12 }, (_, i) => ({ value: String(i * 5), label: `${i * 5} min` }))} value={String(m.value ?? 0)} onChange={(v) => m.onChange(Number(v ?? 0))} allowDeselect={false} data-path={minute} error={!!error} />
      </Group>
    </Input.Wrapper>
  );
}
