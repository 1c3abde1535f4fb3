import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/fr';
import '@mantine/dates/styles.css';
import { DateInput, TimePicker, type DateInputProps, type TimePickerProps } from '@mantine/dates';

// The dashboard's date and time fields (issue 32): the browser's own inputs follow its language (an English
// Chrome writes 07/15/2030 and 04:20 PM on a French screen); these are French whatever the browser: a day
// typed as jj/mm/aaaa or picked in a calendar that starts on Monday, a time on 24 hours. Their values are the
// strings the forms already hold: 'YYYY-MM-DD' and 'HH:mm'. Imported by the screens that use them (lazy
// chunks), never by the shell.

// 'DD/MM/YYYY' typed by hand is read with this format, not by the browser's Date
dayjs.extend(customParseFormat);

const CALENDAR = {
  locale: 'fr',
  firstDayOfWeek: 1 as const,
  nextLabel: 'Mois suivant',
  previousLabel: 'Mois précédent',
  ariaLabels: {
    nextMonth: 'Mois suivant',
    previousMonth: 'Mois précédent',
    nextYear: 'Année suivante',
    previousYear: 'Année précédente',
    nextDecade: 'Décennie suivante',
    previousDecade: 'Décennie précédente',
    monthLevelControl: 'Choisir le mois',
    yearLevelControl: 'Choisir l’année',
  },
};

/** A day ('YYYY-MM-DD'): typed as jj/mm/aaaa or picked in a French calendar. */
export function DayField(props: DateInputProps) {
  return <DateInput {...CALENDAR} valueFormat="DD/MM/YYYY" placeholder="jj/mm/aaaa" popoverProps={{ withinPortal: true }} {...props} />;
}

/** A time of day ('HH:mm') on 24 hours, its hours and minutes typed or picked (every 5 minutes by default). */
export function TimeField({ minutesStep = 5, ...props }: TimePickerProps) {
  return (
    <TimePicker
      format="24h"
      withDropdown
      minutesStep={minutesStep}
      hoursInputLabel="Heures"
      minutesInputLabel="Minutes"
      hoursPlaceholder="hh"
      minutesPlaceholder="mm"
      {...props}
    />
  );
}

/** A day as French words: 'lundi 15 juillet 2030' (under a day field, so that the weekday is seen at once). */
export const spelledDay = (iso: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return '';
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toLocaleDateString('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
};
