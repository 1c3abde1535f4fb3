import { describe, expect, it } from 'vitest';
import { DEPOSITS, deposits } from '@campsite/shared';
import { deposits as depositTable } from '../../db/schema';
import { expect400 } from '../../testing/expect400';
import { DEPOSIT_CONFIG as config, depositStay, setUpDepositWorld } from '../../testing/fixtures/deposits';
import type { TestApp } from '../../testing/harness';
import type { MailServer } from '../../testing/mail-server';

// Issue 32: the stays left out by 'À partir de maintenant seulement' had no deposit row, so no 'Demander
// maintenant': the deposits list now has their view ('Non demandées'), and each is asked with request-stay
// (its rules and throttles: docs/deposits.md).

const clock = Math.floor(Date.now() / 1000);
let t: TestApp, mail: MailServer, staff: string;
const world = setUpDepositWorld(() => clock, (w) => ({ t, mail, staff } = w));

const unasked = async (q: { q?: string } = {}) => (await t.call(deposits.unasked, q, staff)).answer();
const scan = async () => {
  await t.deps.jobs.enqueue('deposits.scan-now', {});
  await t.deps.jobs.runDue();
  await t.deps.jobs.runDue();
};

describe("deposits: the stays no request went to ('Non demandées')", () => {
  it('lists, once deposits are on, the stays of a deposit type with no request, the nearest first; the request makes it leave', async () => {
    const onSite = await world.newStay(-3, undefined, { lastname: 'Janssen' });
    const inTwo = await world.newStay(2, undefined, { lastname: 'Bakker' });
    const inFive = await world.newStay(5, undefined, { lastname: 'Visser' });
    const inTwenty = await world.newStay(20);
    const tent = await depositStay(t.deps, clock, 1, 'Tente Canadienne');
    const over = await world.newStay(-9);
    // deposits off: nothing is asked, nothing is listed
    expect(await unasked()).toMatchObject({ rows: [], total: 0 });

    // switched on 'from now on only': the two arrivals within the week are left out, as is the guest on site
    (await t.call(deposits.updateConfig, { ...config, from_now: true }, staff)).answer();
    await scan();
    expect((await t.deps.db.select().from(depositTable)).length).toBe(0);
    const page = await unasked();
    expect(page.rows.map((r) => r.stay)).toEqual([onSite.stay, inTwo.stay, inFive.stay]);
    expect(page.total).toBe(3);
    expect(page.rows[1]).toMatchObject({ client_number: inTwo.client.clientNumber, user: { lastname: 'Bakker', firstname: 'Anna' }, location: 'M12' });
    // neither the tent (its type asks none), nor the stay over, nor the one beyond the lead time (the scan asks it when due)
    expect(page.rows.map((r) => r.stay)).not.toContain(tent.stay);
    expect(page.rows.map((r) => r.stay)).not.toContain(over.stay);
    expect(page.rows.map((r) => r.stay)).not.toContain(inTwenty.stay);
    // searched as the list is: a name's start, a number
    expect((await unasked({ q: 'viss' })).rows.map((r) => r.stay)).toEqual([inFive.stay]);
    expect((await unasked({ q: inTwo.stay })).rows.map((r) => r.stay)).toEqual([inTwo.stay]);

    // asked from the list: its row, its request at Swikly and its mail; it leaves the list
    const made = (await t.call(deposits.requestStay, { stay_number: inTwo.stay }, staff)).answer();
    expect(made).toMatchObject({ stay: inTwo.stay, status: '' });
    await t.deps.jobs.runDue();
    await t.deps.jobs.runDue();
    expect(world.requestOf(inTwo.stay)).toHaveLength(1);
    await mail.waitFor(1);
    expect((await unasked()).rows.map((r) => r.stay)).toEqual([onSite.stay, inFive.stay]);
    // a second click: refused in French, nothing more made
    expect400(await t.call(deposits.requestStay, { stay_number: inTwo.stay }, staff), 'id', DEPOSITS.cannotRequest);
    expect(world.requestOf(inTwo.stay)).toHaveLength(1);

    // the guest on site is asked too: staff chose to
    expect((await t.call(deposits.requestStay, { stay_number: onSite.stay }, staff)).answer()).toMatchObject({ stay: onSite.stay });
    await t.deps.jobs.runDue();
    await t.deps.jobs.runDue();
    expect(world.requestOf(onSite.stay)).toHaveLength(1);
  });

  it('two clicks at once make one request', async () => {
    const both = await world.newStay(3);
    const answers = await Promise.all([1, 2].map(() => t.call(deposits.requestStay, { stay_number: both.stay }, staff)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect((await t.deps.db.select().from(depositTable)).filter((r) => r.stayNumber === both.stay)).toHaveLength(1);
  });

  it('is for staff with the deposits flag', async () => {
    expect((await t.get('webapp/deposits/unasked')).statusCode).toBe(401);
    expect((await t.get('webapp/deposits/unasked', (await t.signIn({ inventories: 1 })).cookie)).statusCode).toBe(403);
  });
});
