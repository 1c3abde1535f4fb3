import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGS } from '@campsite/shared/i18n/languages';
import { agendaWindow, byDay, dayLabel, dayStart, dayTimeLabel, localeOf, timeLabel, whenLabel } from './agenda';
import { when } from './chat-words';
import { word } from './dict';

const PARIS = 'Europe/Paris';
/** The phone's languages, as its settings list them. */
const phone = (...languages: string[]) => vi.stubGlobal('navigator', { ...navigator, languages, language: languages[0] });
// a French phone unless a test says otherwise: the guest's language then takes its European form
beforeEach(() => phone('fr-FR'));
afterEach(() => vi.unstubAllGlobals());
// 2026-07-14 08:00 UTC = 10:00 in Paris (summer time)
const T = Date.UTC(2026, 6, 14, 8, 0) / 1000;

describe('the agenda in the establishment’s time zone', () => {
  it('starts the day at midnight in Paris, whatever the phone’s zone', () => {
    expect(dayStart(T, PARIS)).toBe(Date.UTC(2026, 6, 13, 22, 0) / 1000);
    expect(dayStart(T, PARIS, 1)).toBe(Date.UTC(2026, 6, 14, 22, 0) / 1000);
  });

  it('reads a window that holds today and the next two weeks in any zone, the same all day', () => {
    const w = agendaWindow(T);
    for (const zone of [PARIS, 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Los_Angeles']) {
      expect(w.from).toBeLessThanOrEqual(dayStart(T, zone));
      expect(w.to).toBeGreaterThanOrEqual(dayStart(T, zone, 14));
    }
    expect(agendaWindow(Date.UTC(2026, 6, 14, 0, 0, 1) / 1000)).toEqual(agendaWindow(Date.UTC(2026, 6, 14, 23, 59) / 1000));
  });

  it('groups dates by their day in Paris: 23:30 UTC is already the next day there', () => {
    const late = Date.UTC(2026, 6, 14, 23, 30) / 1000;
    const days = byDay([{ start: late }, { start: T + 3600 }, { start: T }], PARIS);
    expect(days.map((d) => d.items.map((i) => i.start))).toEqual([[T, T + 3600], [late]]);
    expect(days[1].start).toBe(dayStart(late, PARIS));
  });

  it('writes days and times in the guest’s language, in Paris time', () => {
    expect(dayLabel(T, 'fr', PARIS)).toBe('Mardi 14 juillet');
    expect(dayLabel(T, 'de', PARIS)).toBe('Dienstag, 14. Juli');
    expect(timeLabel(T, 'fr', PARIS)).toBe('10:00');
    expect(timeLabel(T, 'nl', 'America/New_York')).toBe('04:00');
    expect(dayLabel(T, 'en', PARIS)).toBe('Tuesday 14 July');
  });

  it('uses the 24-hour clock in every language when the phone names no region of it, English included', () => {
    const evening = Date.UTC(2026, 6, 14, 19, 30) / 1000;
    for (const lang of LANGS) expect(timeLabel(evening, lang, PARIS), lang).toBe('21:30');
    expect(timeLabel(T, 'en', PARIS)).toBe('10:00');
  });

  it("writes times as the phone does: the guest's language with the phone's region", () => {
    const evening = Date.UTC(2026, 6, 14, 19, 30) / 1000;
    phone('en-GB', 'en');
    expect(localeOf('en')).toBe('en-GB');
    expect(timeLabel(evening, 'en', PARIS)).toBe('21:30');
    // the messages' times too (they were 'Jul 14, 09:30 PM' on a British phone)
    expect(when(evening, 'en', PARIS)).toBe('14 Jul, 21:30');
    expect(dayTimeLabel(evening, 'en', PARIS)).toBe('14 Jul, 21:30');
    phone('en-US');
    expect(timeLabel(evening, 'en', PARIS)).toMatch(/^9:30\sPM$/u);
    expect(when(evening, 'en', PARIS)).toMatch(/^Jul 14, 9:30\sPM$/u);
    // a German phone reading the app in English: the language's European form
    phone('de-DE', 'de');
    expect(localeOf('en')).toBe('en-GB');
    expect(timeLabel(evening, 'en', PARIS)).toBe('21:30');
    expect(when(evening, 'de', PARIS)).toBe('14. Juli, 21:30');
    // a region of the phone's second language counts when the guest reads that one
    phone('nl-BE', 'fr-CA');
    expect(localeOf('fr')).toBe('fr-CA');
    expect(localeOf('it')).toBe('it-IT');
  });

  it('says today and tomorrow with the same words on every screen, then the day', () => {
    const now = T;
    const tonight = Date.UTC(2026, 6, 14, 19, 0) / 1000;
    const tomorrowMorning = Date.UTC(2026, 6, 15, 7, 0) / 1000;
    const thursday = Date.UTC(2026, 6, 16, 7, 0) / 1000;
    expect(whenLabel(tonight, 'fr', PARIS, now)).toBe("Aujourd'hui");
    expect(whenLabel(tomorrowMorning, 'fr', PARIS, now)).toBe('Demain');
    expect(whenLabel(tomorrowMorning, 'fr', PARIS, now, 'short')).toBe('Demain');
    expect(whenLabel(thursday, 'fr', PARIS, now)).toBe('Jeudi 16 juillet');
    expect(whenLabel(thursday, 'fr', PARIS, now, 'short')).toBe('Jeu. 16');
    expect(whenLabel(thursday, 'en', PARIS, now, 'short')).toBe('Thu 16');
    for (const lang of LANGS) expect(whenLabel(tomorrowMorning, lang, PARIS, now)).toBe(word(lang, 'tomorrow'));
    // 23:30 UTC on the 14th is already the 15th in Paris: tomorrow
    expect(whenLabel(Date.UTC(2026, 6, 14, 22, 30) / 1000, 'en', PARIS, now)).toBe('Tomorrow');
  });
});
