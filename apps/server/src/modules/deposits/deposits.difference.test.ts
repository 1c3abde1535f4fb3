import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccommodationSetup, Deposit } from '@campsite/shared';
import { accommodations, deposits, inventories } from '@campsite/shared';
import { deposits as depositTable } from '../../db/schema';
import type { Simulator } from '../../integrations/swikly';
import { expect400 } from '../../testing/expect400';
import { CATEGORY, DEPOSIT_CONFIG as config, depositStay, depositWorld } from '../../testing/fixtures/deposits';
import type { TestApp } from '../../testing/harness';
import type { MailServer } from '../../testing/mail-server';

// Issue 32: a departure inventory made without an arrival one said 'aucun manque' beside 'Poêle : 0 / 1'
// and the deposit was released (150 €). The difference is now against the arrival counts when there are
// some, else against the expected quantities; a release is refused while anything is missing; a claim may
// be of another amount with a reason.

const DAY = 86400;
let clock = Math.floor(Date.now() / 1000);
let t: TestApp;
let sim: Simulator;
let mail: MailServer;
let staff: string;
let setup: AccommodationSetup;

afterAll(async () => {
  await t.close();
  await sim.close();
  await mail.close();
});

beforeAll(async () => {
  ({ t, sim, mail, staff, setup } = await depositWorld(() => clock, CATEGORY));
  (await t.call(deposits.updateConfig, config, staff)).answer();
});

// the sentences carry French amounts, whose spaces are no-break ones
const spaces = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');
function refused(res: { statusCode: number; json(): { fields: Record<string, string> } }, field: string, sentence: string) {
  expect(res.statusCode).toBe(400);
  expect(spaces(res.json().fields[field])).toBe(sentence);
}
const rowOf = async (stay: string) => (await t.deps.db.select().from(depositTable)).find((r) => r.stayNumber === stay);
const requestOf = (stay: string) => [...sim.requests.values()].filter((r) => r.body.description === `Caution – séjour ${stay}`);

/** A stay whose guest accepted the deposit, a week later (a new staff session). */
async function acceptedStay(category = CATEGORY) {
  const { stay } = await depositStay(t.deps, clock, 1, category);
  await t.deps.jobs.enqueue('deposits.scan-now', {});
  await t.deps.jobs.runDue();
  await t.deps.jobs.runDue();
  expect(await sim.answer((await rowOf(stay))!.reference!, true)).toBe(200);
  clock += 8 * DAY;
  staff = (await t.signIn({ deposits: 1, inventories: 1 })).cookie;
  return stay;
}

/** Every supply at its quantity, but `short` of the named ones (Verre 2 €, Couette 60 €). */
const counts = (s: AccommodationSetup, short: Record<string, number> = {}) =>
  s.inventory.flatMap((c) => c.objects.map((o) => ({ _id: o._id, count: o.quantity - (short[o.translations[0].name] ?? 0) })));

describe('deposits: the departure inventory alone decides (no arrival inventory)', () => {
  it('finds the missing objects against the expected quantities, proposes their claim, and refuses the release', async () => {
    const stay = await acceptedStay();
    (await t.call(inventories.insert, { stay_number: stay, type: 'departure', answers: counts(setup, { Verre: 1, Couette: 2 }), reviews: [] }, staff)).answer();
    const departure = (await t.call(inventories.search, { stay_number: stay }, staff)).answer().find((d) => d.type === 'departure')!;
    expect(departure.difference?.lines.map((l) => [l.name, l.reference, l.count, l.missing, l.amount])).toEqual([
      ['Verre', 6, 5, 1, 2],
      ['Couette', 2, 0, 2, 120],
    ]);
    const { proposal } = (await t.call(deposits.ofStay, { stay_number: stay }, staff)).answer();
    // the difference (122 €) is under the deposit (150 €): all of it
    expect(proposal).toMatchObject({ kind: 'claim', amount: 122, missing: [{ name: 'Verre', missing: 1 }, { name: 'Couette', missing: 2 }] });
    expect400(
      await t.call(deposits.release, { stay_number: stay }, staff),
      'stay_number',
      "L'inventaire de sortie relève 3 objets manquants : réclamez-les ou corrigez l'inventaire avant de libérer la caution.",
    );
    expect(await rowOf(stay)).toMatchObject({ settlement: null, settleState: null });
    expect(requestOf(stay)[0].status).toBe('accepted');
  });
});

describe('deposits: a claim of another amount', () => {
  it('needs a reason, never exceeds the deposit, and sends the amount and the reason to Swikly', async () => {
    const stay = await acceptedStay();
    (await t.call(inventories.insert, { stay_number: stay, type: 'departure', answers: counts(setup, { Couette: 1 }), reviews: [] }, staff)).answer();
    expect((await t.call(deposits.ofStay, { stay_number: stay }, staff)).answer().proposal).toMatchObject({ kind: 'claim', amount: 60 });
    refused(await t.call(deposits.claim, { stay_number: stay, amount: 30 }, staff), 'reason', "Indiquez la raison d'un montant autre que la différence chiffrée (60,00 €).");
    refused(await t.call(deposits.claim, { stay_number: stay, amount: 30, reason: '   ' }, staff), 'reason', "Indiquez la raison d'un montant autre que la différence chiffrée (60,00 €).");
    refused(await t.call(deposits.claim, { stay_number: stay, amount: 200, reason: 'Couette brûlée' }, staff), 'amount', 'Le montant réclamé ne peut pas dépasser la caution (150,00 €).');
    expect400(await t.post('webapp/deposits/claim', { stay_number: stay, amount: 12.345, reason: 'x' }, staff), 'amount', 'Le montant réclamé doit être un nombre positif, au centime près');
    expect(await rowOf(stay)).toMatchObject({ settlement: null, claimed: null, claimReason: null });

    const pending = (await t.call(deposits.claim, { stay_number: stay, amount: 30, reason: 'Couette retrouvée tachée, pas perdue' }, staff)).answer() as Deposit;
    expect(pending).toMatchObject({ settlement: 'claimed', claimed: 30, claim_reason: 'Couette retrouvée tachée, pas perdue', settle_state: 'pending' });
    await t.deps.jobs.runDue();
    const [request] = requestOf(stay);
    expect(request.status).toBe('claimed');
    expect(request.reclaims.map((r) => [r.amount, r.reason])).toEqual([[3000, `Inventaire de sortie du séjour ${stay} : objets manquants (Couette retrouvée tachée, pas perdue)`]]);
  });

  it('objects without a price: the claim is proposed at 0 €, staff give the amount and why; the release is still refused', async () => {
    const acc = (await t.call(accommodations.insert, { name: 'Chalet sans prix', categories: ['Chalet Nu'] }, staff)).answer();
    const cat = (await t.call(accommodations.insertCategory, { accommodation: acc._id, translations: [{ lang: 'fr', name: 'Cuisine' }] }, staff)).answer() as AccommodationSetup;
    const bare = (await t.call(accommodations.insertObjects, {
      accommodation: acc._id,
      category: cat.inventory[0]._id,
      objects: [{ translations: [{ lang: 'fr', name: 'Poêle' }], quantity: 1, price: null }],
      reviews: [],
    }, staff)).answer() as AccommodationSetup;
    (await t.call(accommodations.updateDeposit, { id: acc._id, deposit: true }, staff)).answer();
    const stay = await acceptedStay('Chalet Nu');
    (await t.call(inventories.insert, { stay_number: stay, type: 'departure', answers: counts(bare, { Poêle: 1 }), reviews: [] }, staff)).answer();
    expect((await t.call(deposits.ofStay, { stay_number: stay }, staff)).answer().proposal).toMatchObject({ kind: 'claim', amount: 0, missing: [{ name: 'Poêle', reference: 1, count: 0 }] });
    expect400(await t.call(deposits.release, { stay_number: stay }, staff), 'stay_number', "L'inventaire de sortie relève un objet manquant : réclamez-les ou corrigez l'inventaire avant de libérer la caution.");
    expect400(await t.call(deposits.claim, { stay_number: stay }, staff), 'amount', "Les objets manquants n'ont pas de prix : indiquez le montant à réclamer et la raison.");
    (await t.call(deposits.claim, { stay_number: stay, amount: 25, reason: 'Poêle manquante (prix catalogue)' }, staff)).answer();
    expect(await rowOf(stay)).toMatchObject({ settlement: 'claimed', claimed: 2500, claimReason: 'Poêle manquante (prix catalogue)' });
  });
});
