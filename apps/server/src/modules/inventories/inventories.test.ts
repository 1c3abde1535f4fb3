import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { AccommodationSetup, InventoryDoc } from '@campsite/shared';
import { accommodations, INVENTORY_SORTS, inventories } from '@campsite/shared';
import { eq } from 'drizzle-orm';
import { clients, inventories as invTable, inventoryComments, inventoryValues, stays } from '../../db/schema';
import { expect400 } from '../../testing/expect400';
import { addClient, addStay } from '../../testing/fixtures/people';
import { makeSetup, setInventoryConfig, uploadPhoto } from '../../testing/fixtures/inventories';
import { testApp, type TestApp } from '../../testing/harness';

let t: TestApp;
let cookie: string;
let setup: AccommodationSetup;
const CATEGORY = 'Mobil-home Premium 6 pers.';
beforeAll(async () => {
  t = await testApp({ plan: 'premium' });
  cookie = (await t.signIn({ inventories: 1 })).cookie;
  setup = await makeSetup(t, cookie, 'Mobil-home 6 places', [CATEGORY]);
});
afterAll(() => t.close());

async function newStay(category = CATEGORY) {
  const client = await addClient(t.deps, { firstname: 'Anna', lastname: 'De Vries', email1: 'anna@example.nl', langage: 'nl' });
  return addStay(t.deps, { client_number: client.clientNumber, location: 'M12', location_category: category });
}
const ids = () => {
  const [dishes, bed] = setup.inventory;
  const [plates, glasses, knives] = dishes.objects.map((o) => o._id);
  return { plates, glasses, knives, duvet: bed.objects[0]._id, kitchen: dishes.reviews[0]._id };
};
/** every supply at its quantity, some changed */
const counts = (changes: Record<string, number | 'NC' | null> = {}) => {
  const i = ids();
  const full: Record<string, number | 'NC' | null> = { [i.plates]: 6, [i.glasses]: 6, [i.knives]: 6, [i.duvet]: 2, ...changes };
  return Object.entries(full).map(([_id, count]) => ({ _id, count }));
};
const save = (stay_number: string, type: 'arrival' | 'departure', answers = counts(), reviews: { _id: string; condition: number | null; cleanliness: number | null }[] = []) =>
  t.call(inventories.insert, { stay_number, type, answers, reviews }, cookie);
const rowCount = async () => ({
  inventories: (await t.deps.db.select().from(invTable)).length,
  values: (await t.deps.db.select().from(inventoryValues)).length,
  comments: (await t.deps.db.select().from(inventoryComments)).length,
});
const spaces = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('inventories: permissions and plan', () => {
  it('401 without a session, 403 without the flag or the premium plan, on every staff call; 401 for staff on guest calls', async () => {
    const other = await t.signIn({ users: 1 });
    const essentiel = await testApp({ plan: 'essentiel' });
    const flagged = await essentiel.signIn({ inventories: 1 });
    const gets = ['list', 'search?stay_number=1', 'find-by-stay-number?stay_number=1', 'report?stay_number=1'];
    const posts = ['insert', 'update-comments', 'update-pictures', 'add-picture', 'delete-picture', 'send-report'];
    try {
      for (const p of [...gets.map((g) => ['GET', g]), ...posts.map((g) => ['POST', g])]) {
        const send = (app: TestApp, c?: string) => (p[0] === 'GET' ? app.get(`dashboard/inventories/${p[1]}`, c) : app.post(`dashboard/inventories/${p[1]}`, {}, c));
        expect((await send(t)).statusCode, p[1]).toBe(401);
        expect((await send(t, other.cookie)).statusCode, p[1]).toBe(403);
        expect((await send(essentiel, flagged.cookie)).statusCode, p[1]).toBe(403);
      }
      for (const p of ['save', 'comment', 'add-picture', 'delete-picture', 'confirm']) expect((await t.post(`webapp/inventories/${p}`, {}, cookie)).statusCode).toBe(401);
      expect((await t.get('webapp/inventories/mine', cookie)).statusCode).toBe(401);
    } finally {
      await essentiel.close();
    }
  });
});

describe('find-by-stay-number and the save', () => {
  it('answers 1 for an unknown stay, 2 without a setup, a new arrival inventory from the setup with every count NC', async () => {
    expect((await t.call(inventories.findByStayNumber, { stay_number: 'inconnu' }, cookie)).answer()).toBe(1);
    expect((await t.call(inventories.findByStayNumber, { stay_number: await newStay('Emplacement tente') }, cookie)).answer()).toBe(2);
    const stay = await newStay();
    const fresh = (await t.call(inventories.findByStayNumber, { stay_number: stay }, cookie)).answer() as InventoryDoc;
    expect(fresh).toMatchObject({ _id: null, type: 'arrival', status: 'uncompleted', accommodation: { name: 'Mobil-home 6 places' }, client: { lastname: 'De Vries' } });
    expect(fresh.inventory.map((c) => c.name)).toEqual(['Vaisselle', 'Literie']);
    expect(fresh.inventory.flatMap((c) => c.objects.map((o) => o.count))).toEqual(['NC', 'NC', 'NC', 'NC']);
    expect((await t.call(inventories.search, { stay_number: stay }, cookie)).answer()).toEqual([]);
    expect((await rowCount()).inventories).toBe(0);
  });

  it('saves the arrival, then gives both: the departure derived from it with the arrival counts as client_count', async () => {
    const stay = await newStay();
    const { glasses } = ids();
    const saved = (await save(stay, 'arrival', counts({ [glasses]: 5 }))).answer();
    expect(saved._id).toBeTruthy();
    expect(saved.status).toBe('warning');
    expect(saved.reported).toEqual([{ _id: glasses, name: 'Verre', count: 5, quantity: 6 }]);
    expect(saved.create_user?.kind).toBe('staff');
    const both = (await t.call(inventories.findByStayNumber, { stay_number: stay }, cookie)).answer() as InventoryDoc[];
    expect(both.map((d) => [d.type, d._id !== null])).toEqual([['arrival', true], ['departure', false]]);
    const departure = both[1];
    expect(departure.inventory[0].objects.map((o) => [o.count, o.client_count])).toEqual([['NC', 6], ['NC', 5], ['NC', 6]]);
    expect((await t.call(inventories.search, { stay_number: stay }, cookie)).answer().map((d) => d.type)).toEqual(['arrival']);
  });

  it('computes each status from the counts, never from the browser', async () => {
    const { glasses, knives, kitchen } = ids();
    const status = async (type: 'arrival' | 'departure', answers: ReturnType<typeof counts>, reviews: { _id: string; condition: number | null; cleanliness: number | null }[] = [], stay?: string) =>
      (await save(stay ?? (await newStay()), type, answers, reviews)).answer().status;
    expect(await status('arrival', counts({ [glasses]: 'NC' }))).toBe('uncompleted');
    expect(await status('arrival', counts({ [glasses]: null }))).toBe('uncompleted');
    expect(await status('arrival', counts())).toBe('completed');
    expect(await status('arrival', counts({ [knives]: 7 }))).toBe('warning');
    expect(await status('arrival', counts(), [{ _id: kitchen, condition: 4, cleanliness: 2 }])).toBe('infos');
    const stay = await newStay();
    await save(stay, 'arrival', counts({ [glasses]: 5 }));
    // as many glasses as at arrival: nothing missing since, still one off the quantity
    expect(await status('departure', counts({ [glasses]: 5 }), [], stay)).toBe('warning');
    expect(await status('departure', counts({ [glasses]: 4 }), [], stay)).toBe('error');
    // a status sent by the browser is not read
    const res = await t.post('dashboard/inventories/insert', { stay_number: stay, type: 'departure', answers: counts({ [glasses]: 4 }), status: 'completed' }, cookie);
    expect(res.json().status).toBe('error');
  });

  it('prices the departure against the arrival: each missing supply × its unit price, the total in French format', async () => {
    const stay = await newStay();
    const { glasses, knives } = ids();
    await save(stay, 'arrival', counts({ [glasses]: 5 }));
    const departure = (await save(stay, 'departure', counts({ [glasses]: 4, [knives]: 4 }))).answer();
    expect(departure.difference?.lines.map((l) => [l.name, l.reference, l.count, l.missing, l.price, l.amount])).toEqual([
      ['Verre', 5, 4, 1, 2, 2],
      ['Couteau', 6, 4, 2, 1234.5, 2469],
    ]);
    expect(departure.difference?.total).toBe(2471);
    expect(spaces(departure.difference!.total_text)).toBe('2 471,00 €');
    // the arrival knows nothing of a difference
    expect((await t.call(inventories.search, { stay_number: stay }, cookie)).answer()[0].difference).toBeNull();
  });

  it('refuses bad counts, unknown items and stays with French sentences, writing nothing', async () => {
    const stay = await newStay();
    const before = await rowCount();
    expect400(await t.post('dashboard/inventories/insert', { stay_number: stay, type: 'arrival', answers: [{ _id: ids().plates, count: -1 }] }, cookie), 'answers.0.count', "Le nombre d'objets doit être un entier positif ou nul");
    expect400(await t.post('dashboard/inventories/insert', { stay_number: stay, type: 'arrival', answers: [{ _id: ids().plates, count: 1.5 }] }, cookie), 'answers.0.count', "Le nombre d'objets doit être un entier positif ou nul");
    expect400(await t.post('dashboard/inventories/insert', { stay_number: stay, type: 'sortie', answers: [] }, cookie), 'type', "Indiquez s'il s'agit de l'inventaire d'entrée ou de sortie");
    expect400(await t.post('dashboard/inventories/insert', { stay_number: stay, type: 'arrival', answers: [{ _id: ids().plates, count: 6 }, { _id: 'autre', count: 1 }] }, cookie), 'answers.1._id', "Cet objet ne fait pas partie de l'inventaire");
    expect400(await t.post('dashboard/inventories/insert', { stay_number: 'inconnu', type: 'arrival', answers: [] }, cookie), 'stay_number', "Nous n'avons pas trouvé le numéro de séjour indiqué.");
    expect400(await t.post('dashboard/inventories/insert', { stay_number: await newStay('Bungalow'), type: 'arrival', answers: [] }, cookie), 'stay_number', "Il n'y a pas d'inventaire paramétré pour ce type d'hébergement");
    expect400(await t.post('dashboard/inventories/update-comments', { stay_number: stay, type: 'arrival', comment: '   ' }, cookie), 'comment', 'Veuillez écrire un commentaire');
    await setInventoryConfig(t, cookie, { departure_staff: false, departure_user: true });
    try {
      expect400(await t.post('dashboard/inventories/insert', { stay_number: stay, type: 'departure', answers: [] }, cookie), 'type', "Les paramètres d'inventaires ne permettent pas à l'établissement de remplir cet inventaire");
    } finally {
      await setInventoryConfig(t, cookie);
    }
    expect(await rowCount()).toEqual(before);
  });

  it('is idempotent: a replayed save changes nothing, an older value never overwrites a newer one', async () => {
    const stay = await newStay();
    const { plates } = ids();
    const first = (await t.call(inventories.insert, { stay_number: stay, type: 'arrival', answers: [{ _id: plates, count: 3, at: 2000 }] }, cookie)).answer();
    const again = (await t.call(inventories.insert, { stay_number: stay, type: 'arrival', answers: [{ _id: plates, count: 3, at: 2000 }] }, cookie)).answer();
    expect(again.inventory[0].objects[0].count).toBe(3);
    expect(again._id).toBe(first._id);
    const stale = (await t.call(inventories.insert, { stay_number: stay, type: 'arrival', answers: [{ _id: plates, count: 1, at: 1000 }] }, cookie)).answer();
    expect(stale.inventory[0].objects[0].count).toBe(3);
    // a comment sent twice with its device key is kept once
    const comment = { stay_number: stay, type: 'arrival' as const, comment: 'Une assiette ébréchée', key: 'device-key-0001' };
    await t.call(inventories.updateComments, comment, cookie);
    const doc = (await t.call(inventories.updateComments, comment, cookie)).answer();
    expect(doc.comment.map((c) => c.comment)).toEqual(['Une assiette ébréchée']);
  });
});

describe('photos', () => {
  it('adds a JPEG or PNG photo readable with the flag only, refuses another format, deletes it', async () => {
    const stay = await newStay();
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#a0522d' } }).jpeg().toBuffer();
    const res = await uploadPhoto(t, 'dashboard/inventories/add-picture', { stay_number: stay, type: 'departure' }, jpeg, cookie);
    expect(res.statusCode).toBe(200);
    const doc = res.json() as InventoryDoc;
    expect(doc.pictures).toHaveLength(1);
    expect((await t.get(doc.pictures[0].thumb, cookie)).statusCode).toBe(200);
    expect((await t.get(doc.pictures[0].thumb)).statusCode).toBe(401);
    const gif = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');
    const refused = await uploadPhoto(t, 'dashboard/inventories/add-picture', { stay_number: stay, type: 'departure' }, gif, cookie, 'x.gif');
    expect400(refused, 'file', "Ce format de fichier n'est pas pris en charge");
    const deleted = (await t.call(inventories.deletePicture, { picture: doc.pictures[0]._id, inventory: doc._id! }, cookie)).answer();
    expect(deleted && deleted.pictures).toEqual([]);
    expect((await t.get(doc.pictures[0].thumb, cookie)).statusCode).toBe(404);
    // a stay that goes (a client erased) takes its photos' files with it
    const kept = (await uploadPhoto(t, 'dashboard/inventories/add-picture', { stay_number: stay, type: 'arrival' }, jpeg, cookie)).json() as InventoryDoc;
    expect((await t.get(kept.pictures[0].url, cookie)).statusCode).toBe(200);
    await t.deps.db.delete(stays).where(eq(stays.stayNumber, stay));
    expect((await t.get(kept.pictures[0].url, cookie)).statusCode).toBe(404);
  });
});

describe('the list', () => {
  it('gives one row per stay with its two statuses, searched, filtered by the boxes, sorted on the deposit date', async () => {
    const a = await newStay();
    const b = await newStay();
    await save(a, 'arrival');
    await save(b, 'arrival');
    await save(b, 'departure', counts({ [ids().duvet]: 1 }));
    const page = (await t.call(inventories.list, { per_page: 500 }, cookie)).answer();
    const rows = page.rows.filter((r) => r.stay_number === a || r.stay_number === b);
    expect(rows.map((r) => [r.stay_number, r.arrival_status, r.departure_status, r.location, r.accommodation])).toEqual([
      [a, 'completed', null, 'M12', 'Mobil-home 6 places'],
      [b, 'completed', 'error', 'M12', 'Mobil-home 6 places'],
    ]);
    expect(page.rows.map((r) => r.deposit_date)).toEqual([...page.rows.map((r) => r.deposit_date)].sort((x, y) => x - y));
    const exits = (await t.call(inventories.list, { departure: true, per_page: 500 }, cookie)).answer();
    expect(exits.rows.every((r) => r.departure_status !== null)).toBe(true);
    expect(exits.rows.some((r) => r.stay_number === b)).toBe(true);
    const byNumber = (await t.call(inventories.list, { q: b, filter: 'stay_number' }, cookie)).answer();
    expect(byNumber.rows.map((r) => r.stay_number)).toEqual([b]);
    expect(byNumber.total).toBe(1);
    const byName = (await t.call(inventories.list, { q: 'de vr', per_page: 500 }, cookie)).answer();
    expect(byName.rows.length).toBe(page.total);
    const sorted = (await t.call(inventories.list, { sort: 'departure_status', order: 'asc', per_page: 500 }, cookie)).answer();
    expect(sorted.rows[0].departure_status).toBe('error');
    for (const sort of INVENTORY_SORTS) {
      for (const order of ['asc', 'desc'] as const) expect((await t.call(inventories.list, { sort, order }, cookie)).answer().total).toBe(page.total);
    }
    const beyond = (await t.call(inventories.list, { page: 99, per_page: 5 }, cookie)).answer();
    expect([beyond.rows, beyond.total]).toEqual([[], page.total]);
    // accommodations still listed after the inventories are made
    expect((await t.call(accommodations.list, undefined, cookie)).answer().length).toBeGreaterThan(0);
  });

  it("sorts on the stay's and the client's columns as they are now, and finds a client's stays by the client's number", async () => {
    const DAY = 86400;
    const make = async (client_number: string, lastname: string, location: string, days: number) => {
      await addClient(t.deps, { client_number, lastname });
      const stay = await addStay(t.deps, { client_number, location, location_category: CATEGORY, arrival: t.deps.now() + days * DAY });
      await save(stay, 'arrival');
      return stay;
    };
    const a = await make('77003', 'Zola', 'A1', 2);
    const b = await make('77001', 'Adam', 'C3', 3);
    const c = await make('77002', 'Martin', 'B2', 1);
    const ours = [a, b, c];
    const order = async (sort: (typeof INVENTORY_SORTS)[number], dir: 'asc' | 'desc' = 'asc') =>
      (await t.call(inventories.list, { sort, order: dir, per_page: 500 }, cookie)).answer().rows.map((r) => r.stay_number).filter((n) => ours.includes(n));
    const found = async (q: string) => (await t.call(inventories.list, { q, filter: 'client_number' }, cookie)).answer().rows.map((r) => r.stay_number);
    expect(await order('lastname')).toEqual([b, c, a]);
    expect(await order('location')).toEqual([a, c, b]);
    expect(await order('location', 'desc')).toEqual([b, c, a]);
    expect(await order('arrival')).toEqual([c, a, b]);
    expect(await order('departure', 'desc')).toEqual([b, a, c]);
    expect(await order('client_number')).toEqual([b, c, a]);
    expect(await found('77002')).toEqual([c]);
    // the client of b is renamed, a moves and goes to b's client, c comes later
    await t.deps.db.update(clients).set({ lastname: 'Zeller' }).where(eq(clients.clientNumber, '77001'));
    await t.deps.db.update(stays).set({ location: 'D4', clientNumber: '77001' }).where(eq(stays.stayNumber, a));
    await t.deps.db.update(stays).set({ arrival: t.deps.now() + 5 * DAY, departure: t.deps.now() + 12 * DAY }).where(eq(stays.stayNumber, c));
    const [ab] = [[a, b].sort()];
    expect(await order('lastname')).toEqual([c, ...ab]);
    expect(await order('location')).toEqual([c, b, a]);
    expect(await order('arrival')).toEqual([a, b, c]);
    expect(await order('client_number')).toEqual([...ab, c]);
    expect((await found('77001')).sort()).toEqual(ab);
    const row = (await t.call(inventories.list, { q: a, filter: 'stay_number' }, cookie)).answer().rows[0];
    expect([row.client_number, row.lastname, row.location]).toEqual(['77001', 'Zeller', 'D4']);
  });
});
