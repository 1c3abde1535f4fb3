import type { ScheduleForm } from '@campsite/shared';
import { SCHEDULE_MESSAGES, WEEKDAYS, daysInMonth, generateScheduleDates } from '@campsite/shared';

const num = (s: string) => (/^\d{1,2}$/.test(s.trim()) ? Number(s) : null);

/**
 * The schedule's checks of 001 §5 in their order, each on the fields it is about; a value out of its
 * range (40/13, 31/02, 25:00) is refused with the same sentence instead of being rewritten (the spec's
 * auto-corrections silently planned other dates than the ones typed). Answers the generated dates.
 */
export function checkSchedule(f: ScheduleForm, year: number, timeZone: string): { errors: Record<string, string>; dates: { start: number; end: number }[] } {
  const fail = (field: string, message: string) => ({ errors: { [field]: message }, dates: [] });
  if (!f.animation) return fail('animation', SCHEDULE_MESSAGES.animation);
  const [sd, sm, ed, em] = [f.start_day, f.start_month, f.end_day, f.end_month].map(num);
  if (sd === null || sm === null || ed === null || em === null) return fail('dates', SCHEDULE_MESSAGES.datesMissing);
  const valid = (d: number, m: number) => m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(year, m);
  if (!valid(sd, sm) || !valid(ed, em) || em * 100 + ed < sm * 100 + sd) return fail('dates', SCHEDULE_MESSAGES.datesOrder);
  const [sh, smin, eh, emin] = [f.start_hour, f.start_minute, f.end_hour, f.end_minute].map(num);
  if (sh === null || smin === null || eh === null || emin === null) return fail('hours', SCHEDULE_MESSAGES.hoursMissing);
  if (sh > 23 || eh > 23 || smin > 59 || emin > 59 || eh * 60 + emin <= sh * 60 + smin) return fail('hours', SCHEDULE_MESSAGES.hoursOrder);
  if (!WEEKDAYS.some((d) => f[d])) return fail('days', SCHEDULE_MESSAGES.noWeekday);
  // every value is in range: the shared generation only pads them
  const result = generateScheduleDates(f, { year, timeZone });
  return result.ok ? { errors: {}, dates: result.dates } : fail('days', result.message);
}
