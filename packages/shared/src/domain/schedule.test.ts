import { describe, expect, it } from 'vitest';
import {
  SCHEDULE_MESSAGES as MSG,
  type ScheduleForm,
  generateScheduleDates,
  normalizeScheduleForm,
  validateScheduleForm,
} from './schedule';

const PARIS = 'Europe/Paris';
const iso = (s: number) => new Date(s * 1000).toISOString();

function form(over: Partial<ScheduleForm> = {}): ScheduleForm {
  return {
    animation: 'a1',
    start_day: '01',
    start_month: '06',
    end_day: '30',
    end_month: '06',
    start_hour: '10',
    start_minute: '00',
    end_hour: '11',
    end_minute: '30',
    monday: false,
    tuesday: false,
    wednesday: false,
    thursday: false,
    friday: false,
    saturday: false,
    sunday: false,
    ...over,
  };
}

describe('validateScheduleForm', () => {
  it('checks in the order of the spec', () => {
    const empty = form({
      animation: '',
      start_day: '',
      start_month: '',
      end_day: '',
      end_month: '',
      start_hour: '',
      start_minute: '',
      end_hour: '',
      end_minute: '',
    });
    expect(validateScheduleForm(empty)).toBe('Veuillez sélectionner une animation');
    expect(validateScheduleForm({ ...empty, animation: null })).toBe(MSG.animation);
    const a = { ...empty, animation: 'a1' };
    expect(validateScheduleForm(a)).toBe('Veuillez insérer les dates');
    for (const k of ['start_day', 'start_month', 'end_day', 'end_month'] as const) {
      expect(validateScheduleForm(form({ [k]: '', monday: true }))).toBe(MSG.datesMissing);
    }
    expect(validateScheduleForm({ ...a, start_day: '10', start_month: '06', end_day: '09', end_month: '06' })).toBe(
      'Erreur dans les dates',
    );
    expect(validateScheduleForm({ ...a, start_day: '10', start_month: '06', end_day: '20', end_month: '05' })).toBe(
      MSG.datesOrder,
    );
    const dated = { ...a, start_day: '10', start_month: '06', end_day: '10', end_month: '06' };
    expect(validateScheduleForm(dated)).toBe('Veuillez insérer les heures');
    for (const k of ['start_hour', 'start_minute', 'end_hour', 'end_minute'] as const) {
      expect(validateScheduleForm(form({ [k]: '', monday: true }))).toBe(MSG.hoursMissing);
    }
    const timed = { ...dated, start_hour: '10', start_minute: '00', end_hour: '10', end_minute: '00' };
    expect(validateScheduleForm(timed)).toBe('Erreur dans les heures');
    expect(validateScheduleForm({ ...timed, end_hour: '09', end_minute: '59' })).toBe(MSG.hoursOrder);
    const ok = { ...timed, end_minute: '01' };
    expect(validateScheduleForm(ok)).toBe('Veuillez sélectionner au moins un jour');
    expect(validateScheduleForm({ ...ok, sunday: true })).toBeNull();
  });

  it('treats non-numeric input as not filled', () => {
    expect(validateScheduleForm(form({ start_day: 'ab', monday: true }))).toBe(MSG.datesMissing);
    expect(validateScheduleForm(form({ end_minute: '3h', monday: true }))).toBe(MSG.hoursMissing);
  });
});

describe('normalizeScheduleForm', () => {
  it('clamps and pads days and months', () => {
    const f = normalizeScheduleForm(form({ start_day: '0', start_month: '0', end_day: '45', end_month: '13' }));
    expect([f.start_day, f.start_month, f.end_day, f.end_month]).toEqual(['01', '01', '31', '12']);
    const g = normalizeScheduleForm(form({ start_day: '5', start_month: '7', end_day: '9', end_month: '8' }));
    expect([g.start_day, g.start_month, g.end_day, g.end_month]).toEqual(['05', '07', '09', '08']);
  });

  it('raises the end date to the start date when earlier', () => {
    const f = normalizeScheduleForm(form({ start_day: '15', start_month: '07', end_day: '10', end_month: '07' }));
    expect([f.end_day, f.end_month]).toEqual(['15', '07']);
    const g = normalizeScheduleForm(form({ start_day: '1', start_month: '8', end_day: '31', end_month: '7' }));
    expect([g.end_day, g.end_month]).toEqual(['01', '08']);
  });

  it('pads times and pushes the end to start + 1 h', () => {
    const f = normalizeScheduleForm(form({ start_hour: '9', start_minute: '5', end_hour: '8', end_minute: '0' }));
    expect([f.start_hour, f.start_minute, f.end_hour, f.end_minute]).toEqual(['09', '05', '10', '05']);
    const same = normalizeScheduleForm(form({ start_hour: '14', start_minute: '30', end_hour: '14', end_minute: '30' }));
    expect([same.end_hour, same.end_minute]).toEqual(['15', '30']);
    const later = normalizeScheduleForm(form({ start_hour: '9', start_minute: '0', end_hour: '9', end_minute: '1' }));
    expect([later.end_hour, later.end_minute]).toEqual(['09', '01']);
  });

  it('caps the pushed end time at 23:59', () => {
    const f = normalizeScheduleForm(form({ start_hour: '23', start_minute: '15', end_hour: '22', end_minute: '00' }));
    expect([f.end_hour, f.end_minute]).toEqual(['23', '59']);
  });

  it('clamps hours and minutes to 0-23 and 0-59', () => {
    const f = normalizeScheduleForm(form({ start_hour: '25', start_minute: '75', end_hour: '24', end_minute: '99' }));
    expect([f.start_hour, f.start_minute]).toEqual(['23', '59']);
    expect([f.end_hour, f.end_minute]).toEqual(['23', '59']);
  });

  it('leaves empty fields alone and does not compare incomplete pairs', () => {
    const f = normalizeScheduleForm(form({ start_day: '', end_day: '3', end_month: '', start_hour: '', end_hour: '7' }));
    expect([f.start_day, f.end_day, f.end_month, f.start_hour, f.end_hour]).toEqual(['', '03', '', '', '07']);
  });

  it('does not mutate its input', () => {
    const input = form({ start_day: '3' });
    normalizeScheduleForm(input);
    expect(input.start_day).toBe('3');
  });
});

describe('generateScheduleDates', () => {
  it('returns validation messages first', () => {
    expect(generateScheduleDates(form({ animation: '' }), { year: 2026, timeZone: PARIS })).toEqual({
      ok: false,
      message: MSG.animation,
    });
    expect(generateScheduleDates(form(), { year: 2026, timeZone: PARIS })).toEqual({ ok: false, message: MSG.noWeekday });
    expect(
      generateScheduleDates(form({ end_day: '01', end_month: '05', monday: true }), { year: 2026, timeZone: PARIS }),
    ).toEqual({ ok: false, message: MSG.datesOrder });
  });

  it('makes Mondays and Thursdays of June 2026', () => {
    const r = generateScheduleDates(form({ monday: true, thursday: true }), { year: 2026, timeZone: PARIS });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.dates.map((d) => iso(d.start).slice(0, 16))).toEqual([
      '2026-06-01T08:00',
      '2026-06-04T08:00',
      '2026-06-08T08:00',
      '2026-06-11T08:00',
      '2026-06-15T08:00',
      '2026-06-18T08:00',
      '2026-06-22T08:00',
      '2026-06-25T08:00',
      '2026-06-29T08:00',
    ]);
    expect(r.dates.every((d) => d.end - d.start === 90 * 60)).toBe(true);
  });

  it('keeps 21:00 local on both DST Sundays of 2026', () => {
    const opts = { year: 2026, timeZone: PARIS };
    const hours = { start_hour: '21', start_minute: '00', end_hour: '22', end_minute: '30', sunday: true };
    const march = generateScheduleDates(form({ ...hours, start_day: '22', start_month: '03', end_day: '05', end_month: '04' }), opts);
    expect(march.ok && march.dates.map((d) => iso(d.start))).toEqual([
      '2026-03-22T20:00:00.000Z',
      '2026-03-29T19:00:00.000Z',
      '2026-04-05T19:00:00.000Z',
    ]);
    const october = generateScheduleDates(form({ ...hours, start_day: '18', start_month: '10', end_day: '01', end_month: '11' }), opts);
    expect(october.ok && october.dates.map((d) => [iso(d.start), iso(d.end)])).toEqual([
      ['2026-10-18T19:00:00.000Z', '2026-10-18T20:30:00.000Z'],
      ['2026-10-25T20:00:00.000Z', '2026-10-25T21:30:00.000Z'],
      ['2026-11-01T20:00:00.000Z', '2026-11-01T21:30:00.000Z'],
    ]);
  });

  it('includes both ends and a single day', () => {
    const r = generateScheduleDates(form({ start_day: '03', end_day: '03', wednesday: true }), { year: 2026, timeZone: PARIS });
    expect(r.ok && r.dates.length).toBe(1);
  });

  it('says when no ticked weekday falls in the range', () => {
    // 01/06/2026 is a Monday, 02/06 a Tuesday.
    const r = generateScheduleDates(form({ end_day: '02', saturday: true }), { year: 2026, timeZone: PARIS });
    expect(r).toEqual({ ok: false, message: 'Les jours cochés ne correspondent pas avec les dates sélectionnées !' });
  });

  it('allows a whole common year but not more than 365 days', () => {
    const all = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };
    const year = form({ ...all, start_day: '01', start_month: '01', end_day: '31', end_month: '12' });
    const r = generateScheduleDates(year, { year: 2026, timeZone: PARIS });
    expect(r.ok && r.dates.length).toBe(365);
    expect(generateScheduleDates(year, { year: 2028, timeZone: PARIS })).toEqual({
      ok: false,
      message: 'Erreur dans la création des dates',
    });
  });

  it('clamps an impossible day to the end of its month', () => {
    const r = generateScheduleDates(
      form({ start_day: '31', start_month: '02', end_day: '31', end_month: '04', saturday: true }),
      { year: 2026, timeZone: PARIS },
    );
    // 28/02/2026 is a Saturday; 31/04 becomes 30/04 (a Thursday).
    expect(r.ok && iso(r.dates[0].start).slice(0, 10)).toBe('2026-02-28');
    expect(r.ok && iso(r.dates[r.dates.length - 1].start).slice(0, 10)).toBe('2026-04-25');
    const feb = generateScheduleDates(
      form({ start_day: '30', start_month: '02', end_day: '31', end_month: '02', saturday: true }),
      { year: 2026, timeZone: PARIS },
    );
    expect(feb.ok && feb.dates.map((d) => iso(d.start).slice(0, 10))).toEqual(['2026-02-28']);
  });

  it('normalizes unpadded input before generating', () => {
    const r = generateScheduleDates(
      form({ start_day: '1', start_month: '6', end_day: '7', end_month: '6', start_hour: '9', start_minute: '5', end_hour: '10', end_minute: '0', friday: true }),
      { year: 2026, timeZone: PARIS },
    );
    expect(r.ok && r.dates.map((d) => iso(d.start))).toEqual(['2026-06-05T07:05:00.000Z']);
  });
});
