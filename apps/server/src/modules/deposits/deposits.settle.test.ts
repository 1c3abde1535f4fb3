import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccommodationSetup, Deposit } from '@campsite/shared';
import { accommodations, deposits, inventories } from '@campsite/shared';
import { deposits as depositTable, jobs } from '../../db/schema';
import type { Simulator } from '../../integrations/swikly';
import { expect400 } from '../../testing/expect400';
import { DEPOSIT_CONFIG as config, setUpDepositWorld } from '../../testing/fixtures/deposits';
import { makeSetup } from '../../testing/fixtures/inventories';
import { addClient, addStay } from '../../testing/fixtures/people';
import { testApp, type TestApp } from '../../testing/harness';

// The deposit after the stay (issue 25): released or claimed after the departure inventory, against the
// simulator over HTTP as in deposits.test.ts; and Swikly out of reach.

const DAY = 86400;
let clock = Math.floor(Date.now() / 1000);
let t: TestApp, sim: Simulator, staff: string, setup: AccommodationSetup;
const { newStay, rowOf, requestOf } = setUpDepositWorld(() => clock, (w) => ({ t, sim, staff, setup } = w));
beforeAll(async () => {
  // on, as deposits.test.ts leaves them after its settings' tests
  (await t.call(deposits.updateConfig, config, staff)).answer();
});

describe('deposits: release or claim after the departure inventory', () => {
  const counts = (missing = 0) =>
    setup.inventory.flatMap((c, ci) => c.objects.map((o, oi) => ({ _id: o._id, count: ci === 0 && oi === 1 ? o.quantity - missing : o.quantity })));
  async function acceptedStay() {
    const { stay } = await newStay(1);
    await t.deps.jobs.enqueue('deposits.scan-now', {});
    await t.deps.jobs.runDue();
    await t.deps.jobs.runDue();
    const row = (await rowOf(stay))!;
    expect(await sim.answer(row.reference!, true)).toBe(200);
    clock += 8 * DAY;
    // a week later: a new session
    staff = (await t.signIn({ deposits: 1, inventories: 1 })).cookie;
    return stay;
  }
  const inventory = (stay: string, type: 'arrival' | 'departure', missing = 0) =>
    t.call(inventories.insert, { stay_number: stay, type, answers: counts(missing), reviews: [] }, staff);

  it('proposes nothing before the departure inventory, the release when nothing is missing; staff release it', async () => {
    const stay = await acceptedStay();
    expect((await t.call(deposits.ofStay, { stay_number: stay }, staff)).answer().proposal).toBeNull();
    (await inventory(stay, 'arrival')).answer();
    (await inventory(stay, 'departure')).answer();
    const { deposit, proposal } = (await t.call(deposits.ofStay, { stay_number: stay }, staff)).answer();
    expect(deposit?.status).toBe('OK');
    expect(proposal).toMatchObject({ kind: 'release', amount: 0 });
    expect400(await t.call(deposits.claim, { stay_number: stay }, staff), 'stay_number', "L'inventaire de sortie ne relève aucun manque : rien à réclamer.");
    // the click records the intent; the job asks Swikly and records its answer
    const released = (await t.call(deposits.release, { stay_number: stay }, staff)).answer() as Deposit;
    expect(released).toMatchObject({ settlement: 'released', status: 'OK', settled_by: 'Agent Test', settle_state: 'pending' });
    expect(requestOf(stay)[0].status).toBe('accepted');
    expect400(await t.call(deposits.release, { stay_number: stay }, staff), 'stay_number', 'Cette caution a déjà été libérée ou réclamée.');
    await t.deps.jobs.runDue();
    expect(requestOf(stay)[0].status).toBe('released');
    expect((await t.call(deposits.ofStay, { stay_number: stay }, staff)).answer().deposit).toMatchObject({ settlement: 'released', settle_state: 'done' });
    expect400(await t.call(deposits.release, { stay_number: stay }, staff), 'stay_number', 'Cette caution a déjà été libérée ou réclamée.');
    expect((await t.call(deposits.release, { stay_number: 'nope' }, staff)).answer()).toBe(false);
  });

  it('proposes a claim of the priced difference; two clicks at once claim once, with the PDF report attached', async () => {
    const stay = await acceptedStay();
    (await inventory(stay, 'arrival')).answer();
    (await inventory(stay, 'departure', 2)).answer();
    const { proposal } = (await t.call(deposits.ofStay, { stay_number: stay }, staff)).answer();
    // two glasses at 2 € each
    expect(proposal).toMatchObject({ kind: 'claim', amount: 4 });
    const twin = await t.twin();
    try {
      const [a, b] = await Promise.all([t.call(deposits.claim, { stay_number: stay }, staff), twin.post('webapp/deposits/claim', { stay_number: stay }, staff)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
      await Promise.all([t.deps.jobs.runDue(), twin.deps.jobs.runDue()]);
    } finally {
      await twin.close();
    }
    const request = requestOf(stay)[0];
    expect(request.status).toBe('claimed');
    expect(request.reclaims).toHaveLength(1);
    expect(request.reclaims[0].amount).toBe(400);
    expect(Buffer.from(request.reclaims[0].files[0].content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect((await rowOf(stay))).toMatchObject({ settlement: 'claimed', claimed: 400, settleState: 'done' });
  });

  it('a claim whose process dies before Swikly is called: the intent stays pending, and the job, taken over after the lease by the other instance, claims once', async () => {
    const stay = await acceptedStay();
    (await inventory(stay, 'arrival')).answer();
    (await inventory(stay, 'departure', 1)).answer();
    const pending = (await t.call(deposits.claim, { stay_number: stay }, staff)).answer() as Deposit;
    expect(pending).toMatchObject({ settlement: 'claimed', claimed: 2, settle_state: 'pending' });
    // this instance takes the job and dies before its call reaches Swikly
    sim.onAction(() => 'drop');
    await t.deps.jobs.runDue();
    sim.onAction(null);
    expect(requestOf(stay)[0].reclaims).toHaveLength(0);
    expect(await rowOf(stay)).toMatchObject({ settlement: 'claimed', settleState: 'pending' });
    // the screen says it is under way, and a second click is refused
    expect((await t.call(deposits.ofStay, { stay_number: stay }, staff)).answer()).toMatchObject({ deposit: { settle_state: 'pending' }, proposal: null });
    expect400(await t.call(deposits.claim, { stay_number: stay }, staff), 'stay_number', 'Cette caution a déjà été libérée ou réclamée.');
    // a job whose process died: claimed by nobody alive until its lease runs out
    await t.deps.db.update(jobs).set({ status: 'running', lockedBy: 'dead-process', lockedUntil: clock + 120 }).where(and(eq(jobs.kind, 'deposits.settle'), eq(jobs.status, 'queued')));
    const twin = await t.twin();
    try {
      await Promise.all([t.deps.jobs.runDue(), twin.deps.jobs.runDue()]);
      expect(requestOf(stay)[0].reclaims).toHaveLength(0);
      clock += 3600;
      await Promise.all([t.deps.jobs.runDue(), twin.deps.jobs.runDue()]);
    } finally {
      await twin.close();
    }
    const request = requestOf(stay)[0];
    expect(request.status).toBe('claimed');
    expect(request.reclaims.map((r) => r.amount)).toEqual([200]);
    expect(await rowOf(stay)).toMatchObject({ settlement: 'claimed', claimed: 200, settleState: 'done' });
  });

  it('a release whose process dies after Swikly did it, before the answer was read: the retry reads Swikly first and records it, without a second call', async () => {
    const stay = await acceptedStay();
    (await inventory(stay, 'arrival')).answer();
    (await inventory(stay, 'departure')).answer();
    (await t.call(deposits.release, { stay_number: stay }, staff)).answer();
    let calls = 0;
    sim.onAction(() => (++calls === 1 ? 'lose' : 'answer'));
    try {
      await t.deps.jobs.runDue();
      expect(requestOf(stay)[0].status).toBe('released');
      clock += 3600;
      const twin = await t.twin();
      try {
        await Promise.all([t.deps.jobs.runDue(), twin.deps.jobs.runDue()]);
      } finally {
        await twin.close();
      }
    } finally {
      sim.onAction(null);
    }
    expect(calls).toBe(1);
    expect(await rowOf(stay)).toMatchObject({ settlement: 'released', settleState: 'done' });
  });

  it('refuses to release a deposit the guest has not made', async () => {
    const { stay } = await newStay(1);
    await t.deps.jobs.enqueue('deposits.scan-now', {});
    await t.deps.jobs.runDue();
    await t.deps.jobs.runDue();
    expect400(await t.call(deposits.release, { stay_number: stay }, staff), 'stay_number', "La caution n'a pas été déposée par le client : il n'y a rien à libérer ni à réclamer.");
    expect((await rowOf(stay))?.settlement).toBeNull();
  });
});

describe('deposits: Swikly unreachable', () => {
  it('retries the request, then says why in the deposit; a release meanwhile is refused with the reason and changes nothing', async () => {
    let now = Math.floor(Date.now() / 1000);
    // port 9 (discard): nothing listens, the connection is refused at once
    const down = await testApp({ plan: 'premium', now: () => now, env: { SWIKLY_URL: 'http://127.0.0.1:9/v1' } });
    try {
      const cookie = (await down.signIn({ deposits: 1, inventories: 1 })).cookie;
      const type = (await makeSetup(down, cookie, 'Chalet caution', ['Chalet Bois'])) as AccommodationSetup;
      (await down.call(accommodations.updateDeposit, { id: type._id, deposit: true }, cookie)).answer();
      const client = await addClient(down.deps, { firstname: 'Sofia', lastname: 'Rossi', email1: 'sofia@example.it', langage: 'it' });
      const stay = await addStay(down.deps, { client_number: client.clientNumber, location: 'C3', location_category: 'Chalet Bois', arrival: now + 2 * DAY, departure: now + 9 * DAY });
      (await down.call(deposits.updateConfig, config, cookie)).answer();
      await down.deps.jobs.runDue();
      await down.deps.jobs.runDue();
      const row = () => down.deps.db.select().from(depositTable).then((r) => r.find((d) => d.stayNumber === stay));
      expect(await row()).toMatchObject({ reference: null, error: null, status: '' });
      for (let i = 0; i < 8; i++) {
        now += 3601;
        await down.deps.jobs.runDue();
      }
      expect((await row())?.error).toBe('Swikly ne répond pas pour le moment : réessayez dans quelques minutes.');

      // an accepted deposit whose release cannot reach Swikly: the intent is tried again for hours, then
      // fails with the sentence, the mark put back for staff to try again
      await down.deps.db.update(depositTable).set({ status: 'OK', reference: 'swk_x' });
      expect((await down.call(deposits.release, { stay_number: stay }, cookie)).answer()).toMatchObject({ settlement: 'released', settle_state: 'pending' });
      for (let i = 0; i < 12; i++) {
        await down.deps.jobs.runDue();
        expect((await row())?.settleState).toBe(i < 11 ? 'pending' : 'failed');
        now += 3601;
      }
      expect(await row()).toMatchObject({ settlement: null, settleState: 'failed', settleError: 'Swikly ne répond pas pour le moment : réessayez dans quelques minutes.' });
      expect((await down.call(deposits.release, { stay_number: stay }, cookie)).answer()).toMatchObject({ settlement: 'released', settle_state: 'pending', settle_error: null });
    } finally {
      await down.close();
    }
  });
});
