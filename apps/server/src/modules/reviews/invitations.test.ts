import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epochToZoned, reviews as calls, zonedTimeToEpoch, type ReviewModel } from '@campsite/shared';
import { notificationSends, reviewInvitations } from '../../db/schema';
import { startMailServer, type MailServer } from '../../testing/mail-server';
import { testApp, type TestApp } from '../../testing/harness';
import { keepOnlyRecurring } from '../../testing/scans';
import { addClient, addGuest, addStay } from '../../testing/fixtures/people';
import { modelBody } from '../../testing/fixtures/reviews';
import { DEFAULT_GLOBAL, setEntry } from '../../platform/settings/settings.repository';
import { redirectPaths } from '../notifications/content.service';

const TZ = 'Europe/Paris';
const at = (month: number, day: number, hour = 0, minute = 0) => zonedTimeToEpoch(2025, month, day, hour, minute, TZ);
const when = (epoch: number) => {
  const p = epochToZoned(epoch, TZ);
  return `${p.month}/${p.day} ${p.hour}h`;
};

let t: TestApp;
let smtp: MailServer;
let staff: string;
let clock = at(6, 1);
const received: { to: string; when: string }[] = [];
beforeAll(async () => {
  smtp = await startMailServer({ onMessage: (to) => void received.push(...to.map((a) => ({ to: a, when: when(clock) }))) });
  t = await testApp({ mailer: smtp.mailer, now: () => clock });
  await setEntry(t.deps.db, 'global', { ...DEFAULT_GLOBAL, establishment: 'Camping des Pins', langs: ['fr', 'en', 'de'], lang_default: 'fr' });
  staff = (await t.signIn({ reviews: 1 })).cookie;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A stay of a new client departing on that day; `account`: an activated guest account (with a push device when 'push'). */
async function stay(name: string, departure: number, o: { lang?: string; account?: 'mail' | 'push' | 'other-address'; departureTime?: string; email?: string | null } = {}) {
  const email = o.email === undefined ? `${name.toLowerCase()}@example.org` : o.email;
  const client = await addClient(t.deps, { firstname: name, lastname: 'Test', email1: email, langage: o.lang ?? 'fr' });
  const number = await addStay(t.deps, { client_number: client.clientNumber, arrival: departure - 7 * 86400, departure, departure_time: o.departureTime ?? null });
  let guest: string | null = null;
  if (o.account) {
    const address = o.account === 'other-address' ? `${name.toLowerCase()}.app@example.org` : email!;
    guest = await addGuest(t.deps, { email: address, firstname: name, clientNumber: client.clientNumber, langage: o.lang ?? 'fr', notification: o.account === 'push' });
  }
  return { number, guest };
}

describe('review invitations over a fortnight of departures', () => {
  it('invites each guest once at departure + delay, by push when subscribed, else by e-mail in their language; none while off, none late in a burst, none twice with two instances', async () => {
    const model = (await t.call(calls.insertModel, modelBody({ type: '', notification_time: 86400 }, ['fr', 'en', 'de']), staff)).answer() as ReviewModel;
    const twin = await t.twin();
    try {
      // due 4 June 12:00 while the questionnaire is off: never sent, not even when it is switched on
      await stay('Anna', at(6, 3), { lang: 'de' });
      // due 6 June 10:00 (departure time 10:00): the client file's address, in English
      await stay('Bruno', at(6, 5), { lang: 'en', departureTime: '10:00' });
      // due 9 June 12:00: the account (no device) and the client file's other address: two invitations
      await stay('Chloe', at(6, 8), { account: 'other-address' });
      // due 11 June 12:00: a push to the account's device, no mail
      const dora = await stay('Dora', at(6, 10), { account: 'push', lang: 'de' });
      // due 13 June 12:00 while both servers are down (13 June 08:00-18:00): caught up at 18:00
      await stay('Gino', at(6, 12));
      // no address at all: nothing, and no error
      await stay('Nomail', at(6, 9), { email: null });
      await Promise.all([t.deps.jobs.ensureRecurring(), twin.deps.jobs.ensureRecurring()]);
      await keepOnlyRecurring(t.deps.db, 'reviews.scan');

      const actions: Record<number, () => Promise<unknown>> = {
        [at(6, 5, 10)]: () => t.call(calls.updateModel, { ...modelBody({ notification_time: 86400 }, ['fr', 'en', 'de']), id: model._id, questions: model.questions }, staff),
        // imported after it ended (departure 12 June at noon): nothing
        [at(6, 12, 15)]: () => stay('Emma', at(6, 12)),
      };
      const down = (time: number) => time > at(6, 13, 8) && time < at(6, 13, 18);
      for (const end = at(6, 16); clock < end; ) {
        clock += 3600;
        await actions[clock]?.();
        if (!down(clock)) await Promise.all([t.deps.jobs.runDue(), twin.deps.jobs.runDue()]);
      }

      const by = (name: string) => received.filter((r) => r.to.startsWith(name)).map((r) => `${r.to.split('@')[0]} ${r.when}`);
      expect(by('anna')).toEqual([]);
      expect(by('bruno')).toEqual(['bruno 6/6 10h']);
      expect(by('chloe').sort()).toEqual(['chloe 6/9 12h', 'chloe.app 6/9 12h']);
      expect(by('dora')).toEqual([]);
      expect(by('gino')).toEqual(['gino 6/13 18h']);
      expect(by('emma')).toEqual([]);
      expect(received).toHaveLength(4);

      const bruno = smtp.mails.find((m) => m.to.includes('bruno@example.org'))!;
      expect(bruno.subject).toBe('We value your feedback');
      expect(bruno.text).toContain('Hello Bruno');
      expect(bruno.html).toMatch(/href="http:\/\/localhost:3001\/reviews\?t=[0-9a-f]{24}\.[\w-]{32}"/);
      expect(smtp.mails.find((m) => m.to.includes('chloe@example.org'))!.subject).toBe('Votre avis nous intéresse');

      // Dora's device got the German notification, opening the guest app's reviews screen
      const [push] = await t.deps.db.select().from(notificationSends);
      expect(push.target).toEqual({ kind: 'users', users: [dora.guest] });
      expect(push.redirect).toEqual({ type: 'reviews' });
      expect(push.translations.find((x) => x.lang === 'de')?.title).toBe('Ihre Meinung ist uns wichtig');
      const paths = await redirectPaths(t.deps.db, { type: 'reviews' }, 'fr');
      expect([paths.fr, paths.en, paths.de]).toEqual(['/avis', '/reviews', '/rezensionen']);

      const rows = await t.deps.db.select().from(reviewInvitations);
      expect(rows.map((r) => `${r.email} ${r.channel}`).sort()).toEqual([
        'bruno@example.org email',
        'chloe.app@example.org email',
        'chloe@example.org email',
        'dora@example.org push',
        'gino@example.org email',
      ]);
    } finally {
      await twin.close();
    }
  }, 120_000);

  it('sends nothing for a questionnaire switched off before its invitations went', async () => {
    staff = (await t.signIn({ reviews: 1 })).cookie; // the first session ended with the fortnight
    const model = (await t.call(calls.listModels, undefined, staff)).answer()[0];
    const start = received.length;
    await stay('Hugo', at(6, 18));
    await t.call(calls.updateModel, { ...modelBody({ type: '', notification_time: 86400 }, ['fr', 'en', 'de']), id: model._id, questions: model.questions }, staff);
    for (const end = at(6, 22); clock < end; ) {
      clock += 3600;
      await t.deps.jobs.runDue();
    }
    expect(received.slice(start)).toEqual([]);
  }, 60_000);
});
