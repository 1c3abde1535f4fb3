import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { guestServices } from '@campsite/shared';
import { serviceReservations as bookingsT } from '../../db/schema';
import { startMailServer, type MailServer } from '../../testing/mail-server';
import { addStayingGuest, makeBenefit, makeService, makeWorker } from '../../testing/fixtures/services';
import { testApp, type TestApp } from '../../testing/harness';
import { CONFIRMATIONS_PER_HOUR } from './bookings.mail';

// What a hostile staff member or guest tries on the bookings (docs/services.md).

// Wednesday 1 July 2026, 08:00 in Paris (06:00 UTC)
const at = (iso: string) => Date.parse(iso) / 1000;
const NOW = at('2026-07-01T06:00:00Z');
let t: TestApp;
let smtp: MailServer;
let staff: string;
beforeAll(async () => {
  smtp = await startMailServer();
  t = await testApp({ plan: 'premium', mailer: smtp.mailer, now: () => NOW });
  staff = (await t.signIn({ services: 1 })).cookie;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const cookieOf = (res: { headers: Record<string, unknown> }) => String([res.headers['set-cookie']].flat()[0]).split(';')[0];
const drain = async () => {
  while ((await t.deps.jobs.runDue()) > 0) {
    /* again */
  }
};
const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address)).length;

describe('booking confirmations: never a burst of mails to one guest', () => {
  it('50 staff bookings naming one guest through two instances: 50 saved, 20 mails; the guest booking and cancelling in a loop gets none past it', async () => {
    const s = await makeService(t, staff);
    const b = await makeBenefit(t, staff, s._id, { simultaneous: 60 });
    const w = await makeWorker(t, staff, s._id, [b._id]);
    const email = 'cible@example.test';
    const { id: guest } = await addStayingGuest(t.deps, { email });
    const twin = await t.twin();
    try {
      const body = { service: s._id, service_worker: w._id, service_benefit: b._id, start: at('2026-07-02T08:00:00Z'), identity: 'Client comptoir', user: guest };
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? twin : t).post('webapp/service_reservations/submit', body, staff)));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
      expect(await t.deps.db.select().from(bookingsT).where(eq(bookingsT.benefit, b._id))).toHaveLength(50);
      await drain();
      await smtp.waitFor(CONFIRMATIONS_PER_HOUR);
      expect(mailsTo(email)).toBe(CONFIRMATIONS_PER_HOUR);

      // the guest's own booking is kept and listed, its mail not sent within the hour
      const login = await t.post('webapp/account/login', { email, password: 'vacances-2025' });
      const cookie = cookieOf(login);
      for (let i = 0; i < 3; i++) {
        const booked = (await t.call(guestServices.book, { benefit: b._id, start: at('2026-07-03T08:00:00Z'), identity: 'Moi' }, cookie)).answer();
        expect(booked && '_id' in booked).toBe(true);
        if (booked && '_id' in booked) expect((await t.call(guestServices.cancel, { id: booked._id }, cookie)).answer()).toBe(true);
      }
      await drain();
      expect(mailsTo(email)).toBe(CONFIRMATIONS_PER_HOUR);
    } finally {
      await twin.close();
    }
  });
});
