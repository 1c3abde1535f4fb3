import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccommodationSetup, InventoryDoc } from '@campsite/shared';
import { accommodations, inventories } from '@campsite/shared';
import { eq } from 'drizzle-orm';
import { clients, inventories as invTable, inventoryComments, stays } from '../../db/schema';
import { addClient, addStay } from '../../testing/fixtures/people';
import { testApp, type TestApp } from '../../testing/harness';

let t: TestApp;
let cookie: string;
let setup: AccommodationSetup;
beforeAll(async () => {
  t = await testApp({ plan: 'premium' });
  cookie = (await t.signIn({ inventories: 1 })).cookie;
  const acc = (await t.call(accommodations.insert, { name: 'Mobil-home 20 objets' }, cookie)).answer();
  const first = (await t.call(accommodations.insertCategory, { accommodation: acc._id, translations: [{ lang: 'fr', name: 'Cuisine' }] }, cookie)).answer() as AccommodationSetup;
  const objects = Array.from({ length: 20 }, (_, i) => ({ translations: [{ lang: 'fr' as const, name: `Objet ${i + 1}` }], quantity: 10, price: 1 }));
  setup = (await t.call(accommodations.insertObjects, { accommodation: acc._id, category: first.inventory[0]._id, objects, reviews: [] }, cookie)).answer() as AccommodationSetup;
});
afterAll(() => t.close());

describe('an inventory filled from two tablets at once', () => {
  it('keeps every count of 20 parallel saves sent through two instances, and one inventory', async () => {
    const client = await addClient(t.deps);
    const stay = await addStay(t.deps, { client_number: client.clientNumber, location_category: 'Mobil-home 20 objets' });
    const twin = await t.twin();
    try {
      const items = setup.inventory[0].objects;
      // each tablet sends what it changed: one item each, all at once, half through each instance
      const results = await Promise.all(
        items.map((o, i) =>
          (i % 2 ? twin : t).post('dashboard/inventories/insert', { stay_number: stay, type: 'arrival', answers: [{ _id: o._id, count: i % 10 }] }, cookie),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(items.map(() => 200));
      const [doc] = (await t.call(inventories.search, { stay_number: stay }, cookie)).answer() as InventoryDoc[];
      expect(doc.inventory[0].objects.map((o) => o.count)).toEqual(items.map((_, i) => i % 10));
      expect((await t.deps.db.select().from(invTable)).filter((r) => r.stayNumber === stay)).toHaveLength(1);
      // all counted, ten of them off the quantity: the status saw every count
      expect(doc.status).toBe('warning');
      // the same comment replayed by both tablets after the network came back is kept once
      const comment = { stay_number: stay, type: 'arrival', comment: 'Hors ligne', key: 'tablet-key-42' };
      await Promise.all([t.post('dashboard/inventories/update-comments', comment, cookie), twin.post('dashboard/inventories/update-comments', comment, cookie)]);
      expect((await t.deps.db.select().from(inventoryComments)).filter((c) => c.key === 'tablet-key-42')).toHaveLength(1);
    } finally {
      await twin.close();
    }
  });
});

describe('the list of inventories while both are saved at once', () => {
  it('shows both statuses of stays whose arrival and departure were saved at the same time on two instances, a renumbered stay under its new number, a deleted one no more', async () => {
    const client = await addClient(t.deps);
    const made = await Promise.all(Array.from({ length: 6 }, () => addStay(t.deps, { client_number: client.clientNumber, location_category: 'Mobil-home 20 objets' })));
    const twin = await t.twin();
    try {
      const item = setup.inventory[0].objects[0];
      const results = await Promise.all(
        made.flatMap((stay) => [
          t.post('dashboard/inventories/insert', { stay_number: stay, type: 'arrival', answers: [{ _id: item._id, count: 10 }] }, cookie),
          twin.post('dashboard/inventories/insert', { stay_number: stay, type: 'departure', answers: [{ _id: item._id, count: 9 }] }, cookie),
        ]),
      );
      expect(results.map((r) => r.statusCode)).toEqual(made.flatMap(() => [200, 200]));
    } finally {
      await twin.close();
    }
    const listed = async () => {
      const page = (await t.call(inventories.list, { per_page: 500 }, cookie)).answer();
      const rows = page.rows.filter((r) => r.client_number === client.clientNumber).map((r) => [r.stay_number, r.arrival_status, r.departure_status]);
      return { total: rows.length, rows: rows.sort((a, b) => String(a[0]).localeCompare(String(b[0]))) };
    };
    const both = (stay: string) => [stay, 'uncompleted', 'uncompleted'];
    const sorted = [...made].sort((a, b) => a.localeCompare(b));
    expect(await listed()).toEqual({ total: 6, rows: sorted.map(both) });
    // the reception renumbers a stay, another is deleted with its client's erasure
    const [renamed, deleted, ...rest] = sorted;
    await t.deps.db.update(stays).set({ stayNumber: `${renamed}9` }).where(eq(stays.stayNumber, renamed));
    await t.deps.db.delete(stays).where(eq(stays.stayNumber, deleted));
    expect(await listed()).toEqual({ total: 5, rows: [...rest, `${renamed}9`].sort((a, b) => a.localeCompare(b)).map(both) });
  });
});

describe("the list's sort columns while the stay is edited", () => {
  it("follow a stay moved and its client renamed while the stay's first inventory is saved on the other instance", async () => {
    const client = await addClient(t.deps, { lastname: 'Avant' });
    const stay = await addStay(t.deps, { client_number: client.clientNumber, location: 'A1', location_category: 'Mobil-home 20 objets' });
    const twin = await t.twin();
    let saved: ReturnType<typeof t.post> | undefined;
    try {
      // the reception's change is not committed yet when the tablet saves: the save reads it once it is
      await twin.deps.db.transaction(async (tx) => {
        await tx.update(stays).set({ location: 'Z9' }).where(eq(stays.stayNumber, stay));
        await tx.update(clients).set({ lastname: 'Zénith' }).where(eq(clients.clientNumber, client.clientNumber));
        saved = t.post('dashboard/inventories/insert', { stay_number: stay, type: 'arrival', answers: [{ _id: setup.inventory[0].objects[0]._id, count: 10 }] }, cookie);
        await new Promise((done) => setTimeout(done, 300));
      });
      expect((await saved!).statusCode).toBe(200);
    } finally {
      await twin.close();
    }
    const sorted = (sort: 'location' | 'lastname') => t.call(inventories.list, { sort, order: 'desc' }, cookie);
    expect((await sorted('location')).answer().rows.slice(0, 1).map((r) => [r.stay_number, r.location])).toEqual([[stay, 'Z9']]);
    expect((await sorted('lastname')).answer().rows.slice(0, 1).map((r) => [r.stay_number, r.lastname])).toEqual([[stay, 'Zénith']]);
  });
});
