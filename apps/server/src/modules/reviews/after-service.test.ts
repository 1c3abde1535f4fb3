import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEWS, epochToZoned, reviews as calls, zonedTimeToEpoch, type ReviewModel } from '@campsite/shared';
import { reviewInvitations, serviceReservations } from '../../db/schema';
import { expect400 } from '../../testing/expect400';
import { startMailServer, type MailServer } from '../../testing/mail-server';
import { testApp, type TestApp } from '../../testing/harness';
import { keepOnlyRecurring } from '../../testing/scans';
import { addClient, addGuest } from '../../testing/fixtures/people';
import { makeBenefit, makeService, makeWorker } from '../../testing/fixtures/services';
import { modelBody } from '../../testing/fixtures/reviews';
import { newId } from '../../lib/ids';
import { DEFAULT_GLOBAL, setEntry } from '../../platform/settings/settings.repository';

// Issue 32: a questionnaire sent after a booked service's slot, its delay after the slot ends.

const TZ = 'Europe/Paris';
const at = (day: number, hour = 0, minute = 0) => zonedTimeToEpoch(2025, 7, day, hour, minute, TZ);
const when = (epoch: number) => {
  const p = epochToZoned(epoch, TZ);
  return `${p.day}/${p.month} ${p.hour}h${String(p.minute).padStart(2, '0')}`;
};

let t: TestApp;
let smtp: MailServer;
let staff: string;
let clock = at(1, 8);
const received: { to: string; when: string }[] = [];
let kayak: string;
let benefit: string;
let worker: string;
beforeAll(async () => {
  smtp = await startMailServer({ onMessage: (to) => void received.push(...to.map((a) => ({ to: a, when: when(clock) }))) });
  t = await testApp({ mailer: smtp.mailer, now: () => clock, plan: 'premium' });
  await setEntry(t.deps.db, 'global', { ...DEFAULT_GLOBAL, establishment: 'Camping des Pins', langs: ['fr', 'en'], lang_default: 'fr' });
  const admin = (await t.signIn()).cookie;
  kayak = ((await makeService(t, admin)) as { _id: string })._id;
  benefit = (await makeBenefit(t, admin, kayak))._id;
  worker = (await makeWorker(t, admin, kayak, [benefit]))._id;
  staff = (await t.signIn({ reviews: 1 })).cookie;
  await t.deps.jobs.ensureRecurring();
  await keepOnlyRecurring(t.deps.db, 'reviews.scan');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A slot of the kayak booked (from the app by an account, or from the dashboard for a client file). */
async function booked(start: number, by: { userId?: string; clientNumber?: string }, createdTime = clock) {
  await t.deps.db.insert(serviceReservations).values({
    id: newId(),
    service: kayak,
    worker,
    benefit,
    start,
    end: start + 3600,
    answers: [],
    userId: by.userId ?? null,
    clientNumber: by.clientNumber ?? null,
    source: by.userId ? 'webapp' : 'dashboard',
    createdTime,
  });
}

async function walkTo(end: number) {
  while (clock < end) {
    clock += 900;
    await t.deps.jobs.runDue();
    await t.deps.jobs.runDue();
  }
}

describe("a questionnaire sent after a service's slots (issue 32)", () => {
  let model: ReviewModel;
  it("is saved with its service; a service is needed, an unknown one is a French 400, a second questionnaire for it err_code 1; the services offered", async () => {
    expect((await t.call(calls.services, undefined, staff)).answer()).toEqual([{ _id: kayak, name: 'Kayak' }]);
    const res = await t.post('dashboard/review_models/insert', modelBody({ name: 'Kayak', type: 'service', notification_time: 0 }), staff);
    expect400(res, 'service', REVIEWS.serviceRequired);
    expect400(await t.post('dashboard/review_models/insert', { ...modelBody({ name: 'Kayak', type: 'service' }), service: 'f'.repeat(24) }, staff), 'service', REVIEWS.serviceUnknown);
    model = (await t.call(calls.insertModel, { ...modelBody({ name: 'Après le kayak', type: 'service', notification_time: 0 }), service: kayak }, staff)).answer() as ReviewModel;
    expect(model).toMatchObject({ type: 'service', service: kayak, enabled_time: clock });
    expect((await t.call(calls.insertModel, { ...modelBody({ name: 'Kayak bis', type: 'service' }), service: kayak }, staff)).answer()).toEqual({
      err_code: 1,
      err_message: REVIEWS.serviceTaken('Après le kayak'),
    });
    // the end-of-stay questionnaire is another matter: both can be sent
    expect((await t.call(calls.insertModel, modelBody({ name: 'Fin de séjour' }), staff)).answer()).toMatchObject({ type: 'global' });
  });

  it('invites who booked each slot when it ends (+ the delay), once, in their language; not a slot booked after it ended', async () => {
    const anna = await addClient(t.deps, { firstname: 'Anna', lastname: 'Weber', email1: 'anna@example.org', langage: 'en' });
    const bruno = await addClient(t.deps, { firstname: 'Bruno', lastname: 'Petit', email1: 'bruno.fiche@example.org', langage: 'fr' });
    const brunoApp = await addGuest(t.deps, { email: 'bruno@example.org', firstname: 'Bruno', clientNumber: bruno.clientNumber, langage: 'fr' });
    await booked(at(1, 10), { clientNumber: anna.clientNumber }); // ends 11:00
    await booked(at(1, 14), { userId: brunoApp }); // ends 15:00
    await booked(at(1, 9), { clientNumber: anna.clientNumber }, at(1, 11)); // entered after it ended: never
    await walkTo(at(1, 16));
    expect(received).toEqual([
      { to: 'anna@example.org', when: '1/7 11h00' },
      { to: 'bruno@example.org', when: '1/7 15h00' },
    ]);
    const mail = smtp.mails.find((m) => m.to.includes('anna@example.org'))!;
    expect(mail.subject).toBe('We value your feedback');
    const token = decodeURIComponent(/\?t=([^"&\s]+)/.exec(mail.html)![1]);
    expect((await t.call(calls.form, { token })).answer()).toMatchObject({ model: model._id, firstname: 'Anna' });
    expect((await t.call(calls.submitByToken, { token, answers: [5, 'Super sortie', 0] })).answer()).toMatchObject({ score: 5 });
    // a day of scans on: nobody twice
    await walkTo(at(2, 16));
    expect(received).toHaveLength(2);
    expect((await t.deps.db.select().from(reviewInvitations)).map((r) => r.guest.split(':')[0])).toEqual(['booking', 'booking']);
  }, 120_000);

  it('a day after the slot with that delay; nothing once switched off', async () => {
    const chloe = await addClient(t.deps, { firstname: 'Chloé', lastname: 'Roux', email1: 'chloe@example.org', langage: 'fr' });
    await t.call(calls.updateModel, { ...modelBody({ name: 'Après le kayak', type: 'service', notification_time: 86400 }), service: kayak, id: model._id, questions: model.questions }, staff);
    await booked(at(3, 10), { clientNumber: chloe.clientNumber });
    await walkTo(at(4, 10, 45));
    expect(received.slice(2)).toEqual([]);
    await walkTo(at(4, 11, 15));
    expect(received.slice(2)).toEqual([{ to: 'chloe@example.org', when: '4/7 11h00' }]);
    // switched off: the next slot invites nobody
    await t.call(calls.updateModel, { ...modelBody({ name: 'Après le kayak', type: '', notification_time: 0 }), id: model._id, questions: model.questions }, staff);
    await booked(at(5, 10), { clientNumber: chloe.clientNumber });
    await walkTo(at(5, 14));
    expect(received).toHaveLength(3);
  }, 120_000);
});
