import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestServices, serviceReservations } from '@campsite/shared';
import { testApp, type TestApp } from '../../testing/harness';
import { addStayingGuest, makeBenefit, makeService, makeWorker } from '../../testing/fixtures/services';

// 'My bookings' in the guest app (issue 32): the coming bookings by start, then the past ones, the latest
// first; only the guest's own, staff's bookings for them included.

const at = (iso: string) => Date.parse(iso) / 1000;
// Wednesday 1 July 2026, 08:00 in Paris
const NOW = at('2026-07-01T06:00:00Z');
const clock = { value: NOW };
let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await testApp({ plan: 'premium', now: () => clock.value });
  staff = (await t.signIn({ services: 1 })).cookie;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const cookieOf = (res: { headers: Record<string, unknown> }) => String([res.headers['set-cookie']].flat()[0]).split(';')[0];
const login = async (email: string) => cookieOf(await t.post('webapp/account/login', { email, password: 'vacances-2025' }));
const iso = (s: number) => new Date(s * 1000).toISOString().slice(0, 16);

describe("the guest's bookings, coming and past", () => {
  it('answers the coming ones by start and, with past=1, those ended, the latest first; never another guest’s', async () => {
    const s = await makeService(t, staff);
    const b = await makeBenefit(t, staff, s._id, { simultaneous: 5 });
    const w = await makeWorker(t, staff, s._id, [b._id]);
    const anna = await addStayingGuest(t.deps, { email: 'anna.mine@example.test' });
    await addStayingGuest(t.deps, { email: 'karl.mine@example.test' });
    const cookie = await login('anna.mine@example.test');
    const book = async (iso: string, guest = cookie) => {
      const made = (await t.call(guestServices.book, { benefit: b._id, start: at(iso), identity: 'Anna Weber' }, guest)).answer();
      expect(made, iso).toHaveProperty('_id');
    };
    // booked on the days before (the clock then), and for the coming days
    clock.value = at('2026-06-29T06:00:00Z');
    await book('2026-06-29T08:00:00Z');
    await book('2026-06-30T07:00:00Z');
    clock.value = NOW;
    await book('2026-07-03T09:00:00Z');
    await book('2026-07-02T07:00:00Z');
    await book('2026-07-02T08:00:00Z', await login('karl.mine@example.test'));
    // a booking staff made at the desk for Anna (her account named) is hers too
    await t.call(serviceReservations.submit, { service: s._id, service_worker: w._id, service_benefit: b._id, start: at('2026-07-05T07:00:00Z'), identity: 'Mme Anna Weber', user: anna.id }, staff);

    const coming = (await t.call(guestServices.bookings, {}, cookie)).answer();
    expect(coming.map((x) => iso(x.start))).toEqual(['2026-07-02T07:00', '2026-07-03T09:00', '2026-07-05T07:00']);
    expect(coming[0]).toMatchObject({ service_name: 'Kayak', service: s._id });
    // one ends at 10:00 on 30 June: at 10:00 it is past, a second before it is coming
    clock.value = at('2026-06-30T08:00:00Z') - 1;
    expect((await t.call(guestServices.bookings, {}, cookie)).answer().map((x) => iso(x.start))[0]).toBe('2026-06-30T07:00');
    clock.value = NOW;
    const past = (await t.call(guestServices.bookings, { past: '1' }, cookie)).answer();
    expect(past.map((x) => iso(x.start))).toEqual(['2026-06-30T07:00', '2026-06-29T08:00']);
    // signed out: refused, nothing answered
    expect((await t.get('webapp/services/bookings?past=1')).statusCode).toBe(401);
  });
});
