import { describe, expect, it } from 'vitest';
import type { ScheduleForm } from '@campsite/shared';
import { checkSchedule } from './schedule-check';

const form = (patch: Partial<ScheduleForm>): ScheduleForm => ({
  animation: 'a1',
  start_day: '15',
  start_month: '11',
  end_day: '14',
  end_month: '12',
  start_hour: '18',
  start_minute: '00',
  end_hour: '19',
  end_minute: '30',
  monday: true,
  tuesday: false,
  wednesday: false,
  thursday: false,
  friday: false,
  saturday: false,
  sunday: false,
  ...patch,
});

describe('the schedule form refuses what it used to rewrite', () => {
  it('40/13 is an error in the dates, not 31/12', () => {
    expect(checkSchedule(form({ end_day: '40', end_month: '13' }), 2026, 'Europe/Paris')).toEqual({ errors: { dates: 'Erreur dans les dates' }, dates: [] });
    expect(checkSchedule(form({ start_day: '31', start_month: '02', end_day: '10', end_month: '03' }), 2026, 'Europe/Paris').errors).toEqual({ dates: 'Erreur dans les dates' });
  });

  it('an end time before the start is an error, not start + 1 h', () => {
    expect(checkSchedule(form({ end_hour: '10', end_minute: '00' }), 2026, 'Europe/Paris').errors).toEqual({ hours: 'Erreur dans les heures' });
    expect(checkSchedule(form({ start_hour: '25' }), 2026, 'Europe/Paris').errors).toEqual({ hours: 'Erreur dans les heures' });
  });

  it('plans the season ahead: Mondays of next year', () => {
    const { errors, dates } = checkSchedule(form({ start_day: '1', start_month: '6', end_day: '30', end_month: '6' }), 2027, 'Europe/Paris');
    expect(errors).toEqual({});
    // June 2027 has four Mondays: 7, 14, 21, 28; 18:00 in Paris is 16:00 UTC
    expect(dates.map((d) => new Date(d.start * 1000).toISOString())).toEqual(['2027-06-07T16:00:00.000Z', '2027-06-14T16:00:00.000Z', '2027-06-21T16:00:00.000Z', '2027-06-28T16:00:00.000Z']);
  });

  it('keeps the spec’s order of messages', () => {
    expect(checkSchedule(form({ animation: null }), 2026, 'Europe/Paris').errors).toEqual({ animation: 'Veuillez sélectionner une animation' });
    expect(checkSchedule(form({ end_day: '' }), 2026, 'Europe/Paris').errors).toEqual({ dates: 'Veuillez insérer les dates' });
    expect(checkSchedule(form({ monday: false }), 2026, 'Europe/Paris').errors).toEqual({ days: 'Veuillez sélectionner au moins un jour' });
  });
});
