import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epochToZoned, zonedTimeToEpoch } from '@campsite/shared';
import { emailRecipients, prestayEmails } from '../../db/schema';
import { keepOnlyRecurring } from '../../testing/scans';
import { startMailServer, type MailServer } from '../../testing/mail-server';
import { testApp, type TestApp } from '../../testing/harness';
import { addClient, addStay } from '../../testing/fixtures/people';
import { DEFAULT_GLOBAL, setEntry } from '../../platform/settings/settings.repository';

const TZ = 'Europe/Paris';
const at = (month: number, day: number, hour = 0, minute = 0) => zonedTimeToEpoch(2025, month, day, hour, minute, TZ);
const dayOf = (epoch: number) => {
  const p = epochToZoned(epoch, TZ);
  return `${p.month}/${p.day} ${p.hour}h`;
};

// a month of hourly scans is more than the default 30 s on a loaded 2-core machine
const MONTH_WALK = 120_000;

let t: TestApp;
let smtp: MailServer;
let clock = at(6, 1);
const received: { to: string; when: string }[] = [];
beforeAll(async () => {
  smtp = await startMailServer({ onMessage: (to) => void received.push(...to.map((a) => ({ to: a, when: dayOf(clock) }))) });
  t = await testApp({ mailer: smtp.mailer, now: () => clock });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const settings = (sendmail: boolean) =>
  setEntry(t.deps.db, 'global', { ...DEFAULT_GLOBAL, establishment: 'Camping des Pins', langs: ['fr', 'en'], lang_default: 'fr', sendmail, nbdays: [7, 1] });
async function stay(name: string, arrival: number, extra: { lang?: string; email?: string | null; arrivalTime?: string } = {}) {
  const client = await addClient(t.deps, {
    firstname: name,
    lastname: 'Test',
    email1: extra.email === undefined ? `${name.toLowerCase()}@example.org` : extra.email,
    langage: extra.lang ?? 'fr',
  });
  return addStay(t.deps, { client_number: client.clientNumber, arrival, departure: arrival + 7 * 86400, arrival_time: extra.arrivalTime ?? null });
}

describe('the pre-stay e-mail', () => {
  it('goes to each stay once per nbdays value over a month, from 9:00, never twice, never late in a burst', async () => {
    await settings(false);
    await stay('Alice', at(6, 5)); // 1 day: 4 June
    await stay('Bruno', at(6, 9)); // 7 days fell on 2 June, while sendmail was off: only the 1-day mail
    await stay('Chloe', at(6, 15), { lang: 'en' }); // 8 June and 14 June, in English
    await stay('Nomail', at(6, 16), { email: null }); // no address: nothing, and no error
    await stay('Igor', at(6, 27)); // 20 June, then 26 June: the server is down from 25 June 20:00 to 27 June 10:00
    await stay('Jade', at(6, 29)); // 22 June and 28 June
    await t.deps.jobs.ensureRecurring();
    await keepOnlyRecurring(t.deps.db, 'emails.prestay');

    const actions: Record<number, () => Promise<unknown>> = {
      [at(6, 3, 12)]: () => settings(true),
      // booked late: its 7-day mail would have been 9 June: only the 1-day one, 15 June
      [at(6, 12, 15)]: () => stay('Dora', at(6, 16)),
      // booked the day before arrival, in the afternoon: its 1-day mail leaves at the next hourly scan
      [at(6, 17, 14)]: () => stay('Emma', at(6, 18)),
      // imported after it began: nothing
      [at(6, 18, 16)]: () => stay('Farid', at(6, 18), { arrivalTime: '15:00' }),
    };
    const down = (time: number) => time > at(6, 25, 20) && time < at(6, 27, 10);
    for (const end = at(7, 1); clock < end; ) {
      clock += 3600;
      await actions[clock]?.();
      if (!down(clock)) await t.deps.jobs.runDue();
    }

    const by = (name: string) => received.filter((r) => r.to === `${name}@example.org`).map((r) => r.when);
    expect(by('alice')).toEqual(['6/4 9h']);
    expect(by('bruno')).toEqual(['6/8 9h']);
    expect(by('chloe')).toEqual(['6/8 9h', '6/14 9h']);
    expect(by('dora')).toEqual(['6/15 9h']);
    expect(by('emma')).toEqual(['6/17 14h']);
    expect(by('farid')).toEqual([]);
    // 26 June fell while the server was down: caught up at the first scan after it came back
    expect(by('igor')).toEqual(['6/20 9h', '6/27 10h']);
    expect(by('jade')).toEqual(['6/22 9h', '6/28 9h']);
    expect(received).toHaveLength(10);

    const chloe = smtp.mails.filter((m) => m.to.includes('chloe@example.org'));
    expect(chloe[0].subject).toBe('Your stay is coming up!');
    expect(chloe[0].text).toContain('Hello Chloe Test');
    expect(chloe[0].html).toMatch(/href="http:\/\/localhost:3001\/[^"]*\?code=[^"]+"/);
    expect(smtp.mails.find((m) => m.to.includes('alice@example.org'))!.subject).toBe('Votre séjour approche !');

    // what was handled, once per stay and value; Bruno's 7-day mail was never owed (sendmail was off)
    const rows = await t.deps.db.select().from(prestayEmails);
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((r) => `${r.stayNumber}:${r.nbdays}`)).size).toBe(12);
    const sent = await t.deps.db.select().from(emailRecipients);
    expect(sent.filter((r) => r.status === 'sent')).toHaveLength(10);
  }, MONTH_WALK);

  it('does not catch up the days the server was down while sendmail was off, when it is turned on at the restart', async () => {
    // from 1 July: sendmail off, the server runs until 3 July 12:00, is down until 6 July 10:00, and staff
    // turn sendmail on at 9:00 that morning, before the first scan
    clock = Math.max(clock, at(7, 1));
    await settings(false);
    await t.deps.jobs.ensureRecurring();
    await keepOnlyRecurring(t.deps.db, 'emails.prestay');
    await stay('Karl', at(7, 11)); // 7 days: 4 July (server down, sendmail off) → nothing; 1 day: 10 July
    await stay('Max', at(7, 12)); // 7 days: 5 July (same) → nothing; 1 day: 11 July
    await stay('Nina', at(7, 13)); // 7 days: 6 July, the restart day → sent at the first scan; 1 day: 12 July
    const down = (time: number) => time > at(7, 3, 12) && time < at(7, 6, 10);
    const start = received.length;
    for (const end = at(7, 14); clock < end; ) {
      clock += 3600;
      if (clock === at(7, 6, 9)) await settings(true);
      if (!down(clock)) await t.deps.jobs.runDue();
    }
    const by = (name: string) => received.slice(start).filter((r) => r.to === `${name}@example.org`).map((r) => r.when);
    expect(by('karl')).toEqual(['7/10 9h']);
    expect(by('max')).toEqual(['7/11 9h']);
    expect(by('nina')).toEqual(['7/6 10h', '7/12 9h']);
    expect(received.slice(start)).toHaveLength(4);
  }, MONTH_WALK);
});
