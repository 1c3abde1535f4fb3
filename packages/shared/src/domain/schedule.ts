/**
 * Activity schedule form of 001 §3-§5: auto-corrections, the ordered 'Schedule submit' checks and the
 * generation of one occurrence per ticked weekday between two dates of the current year.
 */
import { daysInMonth, weekdayOf, zonedTimeToEpoch } from './zoned';

// Re-exported here because callers think of them as part of the schedule rules.
export { epochToZoned, zonedTimeToEpoch } from './zoned';
export type { ZonedParts } from './zoned';

export const SCHEDULE_MESSAGES = {
  animation: 'Veuillez sélectionner une animation',
  datesMissing: 'Veuillez insérer les dates',
  datesOrder: 'Erreur dans les dates',
  hoursMissing: 'Veuillez insérer les heures',
  hoursOrder: 'Erreur dans les heures',
  noWeekday: 'Veuillez sélectionner au moins un jour',
  tooManyDays: 'Erreur dans la création des dates',
  noMatch: 'Les jours cochés ne correspondent pas avec les dates sélectionnées !',
  yearsOutOfRange: (from: number, to: number) => `Les dates doivent être comprises entre ${from} et ${to}`,
} as const;

/**
 * The years a date of the calendar may fall in: from last year (a season being corrected) to three years
 * ahead (the next season is planned in autumn). Anything else is a typing or a clock mistake.
 */
export function calendarYears(nowMs = Date.now()): { from: number; to: number } {
  const year = new Date(nowMs).getUTCFullYear();
  return { from: year - 1, to: year + 3 };
}

/** True when an epoch (seconds) falls within `calendarYears`. */
export function inCalendarYears(epoch: number, nowMs = Date.now()): boolean {
  const { from, to } = calendarYears(nowMs);
  const year = new Date(epoch * 1000).getUTCFullYear();
  return year >= from && year <= to;
}

/** Most days one generation may walk (001 §9). */
export const SCHEDULE_MAX_DAYS = 365;

/** Weekday keys in the product's order: weeks start on Monday, index = weekday of epochToZoned. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The schedule form as typed: numbers are strings and may be ''. */
export interface ScheduleForm extends Record<Weekday, boolean> {
  /** Chosen animation id; '' or null when none. */
  animation: string | number | null | undefined;
  start_day: string;
  start_month: string;
  end_day: string;
  end_month: string;
  start_hour: string;
  start_minute: string;
  end_hour: string;
  end_minute: string;
}

export interface ScheduleOccurrence {
  /** Epoch seconds. */
  start: number;
  end: number;
}

export type ScheduleResult = { ok: true; dates: ScheduleOccurrence[] } | { ok: false; message: string };

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The integer typed in a field, or null when empty or not a whole number. */
function intOf(value: string | null | undefined): number | null {
  const s = (value ?? '').trim();
  return /^\d+$/.test(s) ? Number(s) : null;
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** Clamp and pad a filled numeric field; leave empty or non-numeric input as typed. */
function fix(value: string, min: number, max: number): string {
  const n = intOf(value);
  return n === null ? value : pad2(clamp(n, min, max));
}

/**
 * The corrections the form applies as the user types (001 §5): day 1..31, month 1..12, hour 0..23 and
 * minute 0..59, all padded to two digits; end date raised to the start date when earlier; end time set to
 * start + 1 h (at most 23:59) when not after the start. Only filled fields are touched.
 */
export function normalizeScheduleForm<T extends ScheduleForm>(form: T): T {
  const f = { ...form };
  f.start_day = fix(f.start_day, 1, 31);
  f.start_month = fix(f.start_month, 1, 12);
  f.end_day = fix(f.end_day, 1, 31);
  f.end_month = fix(f.end_month, 1, 12);
  // The spec only says "padded" for times; clamping them too keeps 001 §9's ranges (hour 0-23, minute 0-59).
  f.start_hour = fix(f.start_hour, 0, 23);
  f.start_minute = fix(f.start_minute, 0, 59);
  f.end_hour = fix(f.end_hour, 0, 23);
  f.end_minute = fix(f.end_minute, 0, 59);

  const start = dateKey(f);
  const end = dateKey(f, 'end');
  if (start !== null && end !== null && end < start) {
    f.end_day = f.start_day;
    f.end_month = f.start_month;
  }

  const startTime = minutesOf(f);
  const endTime = minutesOf(f, 'end');
  if (startTime !== null && endTime !== null && endTime <= startTime) {
    const pushed = Math.min(startTime + 60, 23 * 60 + 59);
    f.end_hour = pad2(Math.floor(pushed / 60));
    f.end_minute = pad2(pushed % 60);
  }
  return f;
}

/** month*100+day, comparable; null when a field is missing. */
function dateKey(f: ScheduleForm, side: 'start' | 'end' = 'start'): number | null {
  const d = intOf(side === 'start' ? f.start_day : f.end_day);
  const m = intOf(side === 'start' ? f.start_month : f.end_month);
  return d === null || m === null ? null : m * 100 + d;
}

/** Minutes since midnight; null when a field is missing. */
function minutesOf(f: ScheduleForm, side: 'start' | 'end' = 'start'): number | null {
  const h = intOf(side === 'start' ? f.start_hour : f.end_hour);
  const m = intOf(side === 'start' ? f.start_minute : f.end_minute);
  return h === null || m === null ? null : h * 60 + m;
}

/**
 * The 'Schedule submit' checks of 001 §5, in order; the first failing message, or null.
 * A field holding something other than a whole number counts as not filled.
 */
export function validateScheduleForm(form: ScheduleForm): string | null {
  if (form.animation === null || form.animation === undefined || String(form.animation).trim() === '') {
    return SCHEDULE_MESSAGES.animation;
  }
  const start = dateKey(form);
  const end = dateKey(form, 'end');
  if (start === null || end === null) return SCHEDULE_MESSAGES.datesMissing;
  if (end < start) return SCHEDULE_MESSAGES.datesOrder;
  const startTime = minutesOf(form);
  const endTime = minutesOf(form, 'end');
  if (startTime === null || endTime === null) return SCHEDULE_MESSAGES.hoursMissing;
  if (endTime <= startTime) return SCHEDULE_MESSAGES.hoursOrder;
  if (!WEEKDAYS.some((d) => form[d])) return SCHEDULE_MESSAGES.noWeekday;
  return null;
}

/**
 * The occurrences to create: one per date from start to end (inclusive) of `year` whose weekday is ticked,
 * start/end being the typed wall-clock times in `timeZone`.
 * The form is checked as typed first (so an end before the start is an error, not silently fixed), then
 * normalized so out-of-range numbers are clamped; a day past the end of its month (31/02) becomes the
 * month's last day.
 */
export function generateScheduleDates(
  form: ScheduleForm,
  { year, timeZone }: { year: number; timeZone: string },
): ScheduleResult {
  const raw = validateScheduleForm(form);
  if (raw) return { ok: false, message: raw };
  const f = normalizeScheduleForm(form);
  const again = validateScheduleForm(f);
  if (again) return { ok: false, message: again };

  const sm = Number(f.start_month);
  const em = Number(f.end_month);
  const sd = Math.min(Number(f.start_day), daysInMonth(year, sm));
  const ed = Math.min(Number(f.end_day), daysInMonth(year, em));
  // Walk calendar days in UTC: only the date matters here, the zone applies to the times below.
  const first = Date.UTC(year, sm - 1, sd) / 86_400_000;
  const last = Date.UTC(year, em - 1, ed) / 86_400_000;
  const walked = last - first + 1;
  if (walked > SCHEDULE_MAX_DAYS) return { ok: false, message: SCHEDULE_MESSAGES.tooManyDays };

  const [sh, smin, eh, emin] = [f.start_hour, f.start_minute, f.end_hour, f.end_minute].map(Number);
  const dates: ScheduleOccurrence[] = [];
  for (let dayNumber = first; dayNumber <= last; dayNumber++) {
    const d = new Date(dayNumber * 86_400_000);
    const y = d.getUTCFullYear();
    const m = d.getUTCMonth() + 1;
    const day = d.getUTCDate();
    if (!f[WEEKDAYS[weekdayOf(y, m, day)]]) continue;
    dates.push({
      start: zonedTimeToEpoch(y, m, day, sh, smin, timeZone),
      end: zonedTimeToEpoch(y, m, day, eh, emin, timeZone),
    });
  }
  if (dates.length === 0) return { ok: false, message: SCHEDULE_MESSAGES.noMatch };
  return { ok: true, dates };
}
