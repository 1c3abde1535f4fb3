import { describe, expect, it } from 'vitest';
import { freeSlots, gridSlots, localDays, openRanges, placesLeft, type Hours, type Period } from './slots';

// Every expected instant below was worked out by hand: Paris is UTC+2 in summer (CEST), UTC+1 in winter
// (CET); 2026 changes on Sunday 29 March (02:00 CET → 03:00 CEST) and Sunday 25 October (03:00 CEST → 02:00 CET).
const PARIS = 'Europe/Paris';
const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (s: number) => new Date(s * 1000).toISOString().slice(0, 16);

const everyDay = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };
const noDay = { monday: false, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: false };
const hours = (from: string, to: string, days: Partial<typeof everyDay> = everyDay): Hours => {
  const [sh, sm] = from.split(':').map(Number);
  const [eh, em] = to.split(':').map(Number);
  return { ...noDay, ...days, start_hour: sh, start_minute: sm, end_hour: eh, end_minute: em };
};
const period = (from: string, to: string): Period => {
  const [sd, sm] = from.split('/').map(Number);
  const [ed, em] = to.split('/').map(Number);
  return { start_day: sd, start_month: sm, end_day: ed, end_month: em };
};
const YEAR = [period('01/01', '31/12')];
const day = (isoDay: string, count = 1) => localDays(at(`${isoDay}T12:00:00Z`), count, PARIS);
const starts = (slots: { start: number }[]) => slots.map((s) => iso(s.start));

describe('gridSlots', () => {
  it('steps duration + interval from each hours range, keeping slots that end by its close', () => {
    // 60 min + 15 min: 09:00, 10:15 (11:30 would end 12:30 > 12:00); 14:00, 15:15, 16:30 (ends 17:30)
    const o = { dates: YEAR, hours: [hours('09:00', '12:00'), hours('14:00', '17:30')], duration: 60, interval: 15 };
    const slots = gridSlots(o, day('2026-07-01'), PARIS);
    expect(starts(slots)).toEqual(['2026-07-01T07:00', '2026-07-01T08:15', '2026-07-01T12:00', '2026-07-01T13:15', '2026-07-01T14:30']);
    expect(slots[0].end - slots[0].start).toBe(3600);
  });

  it('follows open periods across months, both ends included, and the ticked weekdays', () => {
    const o = { dates: [period('25/06', '05/07'), period('20/08', '21/08')], hours: [hours('10:00', '11:00', { wednesday: true, thursday: true, friday: true })], duration: 60, interval: 0 };
    // 24 June 2026 is a Wednesday: outside; 25 (Thu) and 26 (Fri) in; 1, 2, 3 July in (Wed, Thu, Fri); 5 July is a Sunday
    const june = gridSlots(o, day('2026-06-24', 13), PARIS);
    expect(starts(june)).toEqual(['2026-06-25T08:00', '2026-06-26T08:00', '2026-07-01T08:00', '2026-07-02T08:00', '2026-07-03T08:00']);
    // 20 August 2026 is a Thursday, 21 a Friday
    expect(starts(gridSlots(o, day('2026-08-19', 4), PARIS))).toEqual(['2026-08-20T08:00', '2026-08-21T08:00']);
  });

  it('keeps 10:00 at 10:00 on both sides of the March change, and slots after 13:00 that day', () => {
    const o = { dates: YEAR, hours: [hours('10:00', '16:00')], duration: 120, interval: 0 };
    // Saturday 28 March, CET: 10:00 = 09:00Z; Sunday 29 March, CEST: 10:00 = 08:00Z, 14:00 = 12:00Z
    expect(starts(gridSlots(o, day('2026-03-28', 2), PARIS))).toEqual([
      '2026-03-28T09:00', '2026-03-28T11:00', '2026-03-28T13:00',
      '2026-03-29T08:00', '2026-03-29T10:00', '2026-03-29T12:00',
    ]);
  });

  it('does not offer the 02:00 and 02:30 that do not exist on 29 March', () => {
    const o = { dates: YEAR, hours: [hours('00:00', '05:00')], duration: 30, interval: 0 };
    const slots = gridSlots(o, day('2026-03-29'), PARIS);
    // 00:00 CET = 23:00Z the day before … 01:30 CET = 00:30Z; then 03:00 CEST = 01:00Z … 04:30 CEST = 02:30Z
    expect(starts(slots)).toEqual([
      '2026-03-28T23:00', '2026-03-28T23:30', '2026-03-29T00:00', '2026-03-29T00:30',
      '2026-03-29T01:00', '2026-03-29T01:30', '2026-03-29T02:00', '2026-03-29T02:30',
    ]);
    // the 01:30 slot lasts 30 real minutes: it ends at 01:00Z, which reads 03:00
    expect(iso(slots[3].end)).toBe('2026-03-29T01:00');
  });

  it('offers the 02:30 seen twice on 25 October once, at its first instant, and keeps 10:00 and 14:00', () => {
    const night = gridSlots({ dates: YEAR, hours: [hours('01:00', '04:00')], duration: 30, interval: 0 }, day('2026-10-25'), PARIS);
    // 01:00, 01:30 CEST = 23:00Z, 23:30Z; 02:00, 02:30 CEST (first) = 00:00Z, 00:30Z; 03:00, 03:30 CET = 02:00Z, 02:30Z
    expect(starts(night)).toEqual(['2026-10-24T23:00', '2026-10-24T23:30', '2026-10-25T00:00', '2026-10-25T00:30', '2026-10-25T02:00', '2026-10-25T02:30']);
    const day25 = gridSlots({ dates: YEAR, hours: [hours('10:00', '15:00')], duration: 240, interval: 0 }, day('2026-10-24', 2), PARIS);
    // Saturday CEST 10:00 = 08:00Z; Sunday CET 10:00 = 09:00Z
    expect(starts(day25)).toEqual(['2026-10-24T08:00', '2026-10-25T09:00']);
    const afternoon = gridSlots({ dates: YEAR, hours: [hours('13:30', '15:00')], duration: 30, interval: 0 }, day('2026-10-25'), PARIS);
    expect(starts(afternoon)).toEqual(['2026-10-25T12:30', '2026-10-25T13:00', '2026-10-25T13:30']);
  });
});

describe('openRanges', () => {
  it('merges ranges that touch, so a slot may span them', () => {
    const r = openRanges({ dates: YEAR, hours: [hours('09:00', '12:00'), hours('12:00', '13:00'), hours('15:00', '16:00')] }, day('2026-07-01'), PARIS);
    expect(r.map((x) => [iso(x.start), iso(x.end)])).toEqual([
      ['2026-07-01T07:00', '2026-07-01T11:00'],
      ['2026-07-01T13:00', '2026-07-01T14:00'],
    ]);
  });
});

describe('placesLeft and freeSlots', () => {
  const slot = { start: at('2026-07-01T08:00:00Z'), end: at('2026-07-01T09:00:00Z') };
  const booked = (worker: string, benefit: string, start: string, minutes = 60) => ({ worker, benefit, start: at(start), end: at(start) + minutes * 60 });

  it('counts places per worker and benefit, and none when the worker is busy on another benefit', () => {
    expect(placesLeft('w1', 'kayak', 2, slot, [booked('w1', 'kayak', '2026-07-01T08:00:00Z')])).toBe(1);
    expect(placesLeft('w1', 'kayak', 2, slot, [booked('w2', 'kayak', '2026-07-01T08:00:00Z')])).toBe(2);
    expect(placesLeft('w1', 'kayak', null, slot, [booked('w1', 'kayak', '2026-07-01T08:00:00Z')])).toBeNull();
    expect(placesLeft('w1', 'kayak', 2, slot, [booked('w1', 'paddle', '2026-07-01T08:30:00Z')])).toBe(0);
    // touching is not overlapping
    expect(placesLeft('w1', 'kayak', 1, slot, [booked('w1', 'paddle', '2026-07-01T09:00:00Z')])).toBe(1);
  });

  it('answers the slots on the grid, open for a worker and the service, after the cut-off, with their places', () => {
    const benefit = { id: 'kayak', dates: YEAR, hours: [hours('09:00', '12:00')], duration: 60, interval: 0, simultaneous: 2 };
    const workers = [
      { id: 'w1', dates: YEAR, hours: [hours('09:00', '11:00')] },
      { id: 'w2', dates: YEAR, hours: [hours('10:00', '12:00')] },
    ];
    const bookings = [booked('w1', 'kayak', '2026-07-01T07:00:00Z'), booked('w2', 'paddle', '2026-07-01T09:00:00Z')];
    const service = { dates: YEAR, hours: [hours('08:00', '18:00')] };
    const slots = freeSlots({ benefit, service, workers, bookings, days: day('2026-07-01'), notBefore: at('2026-07-01T06:00:00Z'), timeZone: PARIS });
    // 09:00: w1 only, one place left; 10:00: w1 and w2, 4 places; 11:00: w2 busy on paddle → none
    expect(slots.map((s) => [iso(s.start), s.places, s.workers.map((w) => w.id)])).toEqual([
      ['2026-07-01T07:00', 1, ['w1']],
      ['2026-07-01T08:00', 4, ['w1', 'w2']],
    ]);
    // the cut-off (notBefore) drops the 09:00; a service closed until 10:00 too
    const later = freeSlots({ benefit, service, workers, bookings, days: day('2026-07-01'), notBefore: at('2026-07-01T07:30:00Z'), timeZone: PARIS });
    expect(starts(later)).toEqual(['2026-07-01T08:00']);
    const closed = freeSlots({ benefit, service: { dates: YEAR, hours: [hours('10:00', '18:00')] }, workers, bookings, days: day('2026-07-01'), notBefore: 0, timeZone: PARIS });
    expect(starts(closed)).toEqual(['2026-07-01T08:00']);
    // no limit: null places
    const open = freeSlots({ benefit: { ...benefit, simultaneous: null }, service: null, workers, bookings: [], days: day('2026-07-01'), notBefore: 0, timeZone: PARIS });
    expect(open.map((s) => s.places)).toEqual([null, null, null]);
    // a booking's question (`at`): that slot as the day's list has it, or none (off the grid, full, past the cut-off)
    const question = { benefit, service, workers, bookings, days: day('2026-07-01'), notBefore: at('2026-07-01T06:00:00Z'), timeZone: PARIS };
    expect(freeSlots({ ...question, at: at('2026-07-01T08:00:00Z') })).toEqual([slots[1]]);
    expect(freeSlots({ ...question, at: at('2026-07-01T08:30:00Z') })).toEqual([]);
    expect(freeSlots({ ...question, at: at('2026-07-01T09:00:00Z') })).toEqual([]);
    expect(freeSlots({ ...question, notBefore: at('2026-07-01T07:30:00Z'), at: at('2026-07-01T07:00:00Z') })).toEqual([]);
  });
});
