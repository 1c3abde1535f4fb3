import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { AccommodationSetup, GuestInventories, InventoryDoc } from '@campsite/shared';
import { guestInventoryCalls as guest, inventories } from '@campsite/shared';
import { inventories as invTable, inventoryValues } from '../../db/schema';
import { expect400 } from '../../testing/expect400';
import { addClient, addGuest, addStay } from '../../testing/fixtures/people';
import { makeSetup, setInventoryConfig, uploadPhoto } from '../../testing/fixtures/inventories';
import { testApp, type TestApp } from '../../testing/harness';

const DAY = 86400;
let now = Math.floor(Date.now() / 1000);
let t: TestApp;
let cookie: string;
let setup: AccommodationSetup;
beforeAll(async () => {
  t = await testApp({ plan: 'premium', now: () => now });
  cookie = (await t.signIn({ inventories: 1 })).cookie;
  setup = await makeSetup(t, cookie, 'Chalet 4 places', ['Chalet Bois 5 pers.']);
  await setInventoryConfig(t, cookie, { arrival_user: true, departure_user: false, delay: 48 });
});
afterAll(() => t.close());

const cookieOf = (res: { headers: Record<string, unknown> }) => String([res.headers['set-cookie']].flat()[0]).split(';')[0];
/** A guest of a stay that arrived today (midnight), signed in. */
async function guestOfNewStay(email: string) {
  const client = await addClient(t.deps, { firstname: 'Daan', lastname: 'Jansen', email1: email, langage: 'nl' });
  const arrival = now - (now % DAY);
  const stay = await addStay(t.deps, { client_number: client.clientNumber, location: 'C3', location_category: 'Chalet Bois 5 pers.', arrival, departure: arrival + 7 * DAY });
  await addGuest(t.deps, { email, password: 'vacances-2025', stayNumber: stay, clientNumber: client.clientNumber, langage: 'nl' });
  const login = await t.post('webapp/account/login', { email, password: 'vacances-2025' });
  expect(login.statusCode).toBe(200);
  return { stay, cookie: cookieOf(login) };
}
const all = () => setup.inventory.flatMap((c) => c.objects.map((o) => ({ _id: o._id, count: o.quantity })));

describe('the guest app: my stay only, open directions only, within the window', () => {
  it('reads its own stay in its language: the arrival open with the setup, the departure closed to guests', async () => {
    const g = await guestOfNewStay('daan@example.nl');
    const mine = (await t.call(guest.mine, {}, g.cookie)).answer() as GuestInventories;
    expect(mine.stay_number).toBe(g.stay);
    expect(mine.intro).toBe('Controleer uw accommodatie.');
    expect(mine.arrival).toMatchObject({ enabled: true, open: true });
    expect(mine.arrival.inventory?.inventory[0].name).toBe('Servies');
    expect(mine.departure).toMatchObject({ enabled: false, open: false, inventory: null });
  });

  it('saves counts, a comment and a photo, confirms the arrival as theirs, and may not change it after', async () => {
    const g = await guestOfNewStay('lotte@example.nl');
    const saved = (await t.call(guest.save, { type: 'arrival', answers: all().slice(0, 1) }, g.cookie)).answer();
    expect(saved.status).toBe('uncompleted');
    expect400(await t.post('webapp/inventories/confirm', { type: 'arrival' }, g.cookie), 'type', "Comptez tous les objets avant de confirmer l'inventaire");
    await t.call(guest.save, { type: 'arrival', answers: all() }, g.cookie);
    const commented = (await t.call(guest.comment, { type: 'arrival', comment: 'Een glas is gebarsten', key: 'guest-key-001' }, g.cookie)).answer();
    expect(commented.comment.map((c) => [c.comment, c.user?.kind])).toEqual([['Een glas is gebarsten', 'guest']]);
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2e8b57' } }).jpeg().toBuffer();
    const photo = await uploadPhoto(t, 'webapp/inventories/add-picture', { type: 'arrival' }, jpeg, g.cookie);
    expect(photo.statusCode).toBe(200);
    const picture = (photo.json() as InventoryDoc).pictures[0];
    expect((await t.get(picture.thumb, g.cookie)).statusCode).toBe(200);
    const confirmed = (await t.call(guest.confirm, { type: 'arrival' }, g.cookie)).answer();
    expect(confirmed.confirmed?.user?.kind).toBe('guest');
    expect(confirmed.confirmed?.time).toBe(now);
    expect400(await t.post('webapp/inventories/save', { type: 'arrival', answers: all() }, g.cookie), 'type', "Cet inventaire est déjà confirmé : il ne peut plus être modifié depuis l'application");
    expect((await t.call(guest.deletePicture, { picture: picture._id }, g.cookie)).statusCode).toBe(400);
    // staff see who confirmed, and their comment shows to the guest
    await t.call(inventories.updateComments, { stay_number: g.stay, type: 'arrival', comment: 'Merci, noté.' }, cookie);
    const mine = (await t.call(guest.mine, {}, g.cookie)).answer() as GuestInventories;
    expect(mine.arrival.inventory?.comment.map((c) => c.user?.kind)).toEqual(['guest', 'staff']);
  });

  it("answers every write in the language the app shows, not the account's (issue 32)", async () => {
    // a Dutch account reading the app in French: 'Vaisselle', not 'Servies', after each save as before it
    const g = await guestOfNewStay('femke@example.nl');
    const names = (d: InventoryDoc) => d.inventory.map((c) => c.name);
    expect(names(((await t.call(guest.mine, { lang: 'fr' }, g.cookie)).answer() as GuestInventories).arrival.inventory!)).toEqual(['Vaisselle', 'Literie']);
    expect(names((await t.call(guest.save, { type: 'arrival', answers: all(), lang: 'fr' }, g.cookie)).answer())).toEqual(['Vaisselle', 'Literie']);
    expect(names((await t.call(guest.comment, { type: 'arrival', comment: 'Alles goed', key: 'guest-key-lang', lang: 'fr' }, g.cookie)).answer())).toEqual(['Vaisselle', 'Literie']);
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2e8b57' } }).jpeg().toBuffer();
    const photo = await uploadPhoto(t, 'webapp/inventories/add-picture', { type: 'arrival', lang: 'fr' }, jpeg, g.cookie);
    expect(names(photo.json() as InventoryDoc)).toEqual(['Vaisselle', 'Literie']);
    expect(names((await t.call(guest.confirm, { type: 'arrival', lang: 'fr' }, g.cookie)).answer())).toEqual(['Vaisselle', 'Literie']);
    // without the app's language, the account's
    expect(names(((await t.call(guest.mine, {}, g.cookie)).answer() as GuestInventories).arrival.inventory!)).toEqual(['Servies', 'Literie']);
  });

  it("never reads or writes another stay's inventory", async () => {
    const a = await guestOfNewStay('anna@example.nl');
    const b = await guestOfNewStay('bram@example.nl');
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000080' } }).png().toBuffer();
    const doc = (await uploadPhoto(t, 'webapp/inventories/add-picture', { type: 'arrival' }, png, a.cookie, 'a.png')).json() as InventoryDoc;
    const picture = doc.pictures[0];
    expect((await t.get(picture.url, b.cookie)).statusCode).toBe(404);
    expect((await t.call(guest.deletePicture, { picture: picture._id }, b.cookie)).answer()).toBe(false);
    const bMine = (await t.call(guest.mine, {}, b.cookie)).answer() as GuestInventories;
    expect(bMine.stay_number).toBe(b.stay);
    expect(bMine.arrival.inventory?._id).toBeNull();
    // the body names no stay: a guest's write goes to their own
    await t.post('webapp/inventories/save', { type: 'arrival', answers: all(), stay_number: a.stay }, b.cookie);
    const rows = await t.deps.db.select().from(invTable);
    const aRow = rows.find((r) => r.stayNumber === a.stay)!;
    const bRow = rows.find((r) => r.stayNumber === b.stay)!;
    const values = await t.deps.db.select().from(inventoryValues);
    expect(values.filter((v) => v.inventoryId === aRow.id)).toEqual([]);
    expect(values.filter((v) => v.inventoryId === bRow.id)).toHaveLength(all().length);
    expect((await t.get(picture.url, a.cookie)).statusCode).toBe(200);
  });

  it('refuses a direction closed to guests (403) and writes outside the window (400), writing nothing', async () => {
    const g = await guestOfNewStay('joost@example.nl');
    const before = (await t.deps.db.select().from(invTable)).length;
    const closed = await t.post('webapp/inventories/save', { type: 'departure', answers: all() }, g.cookie);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe("Cet inventaire n'est pas à remplir depuis l'application");
    const saved = now;
    now += 3 * DAY;
    try {
      expect400(await t.post('webapp/inventories/save', { type: 'arrival', answers: all() }, g.cookie), 'type', 'Le délai pour remplir cet inventaire est dépassé');
      const mine = (await t.call(guest.mine, {}, g.cookie)).answer() as GuestInventories;
      expect(mine.arrival).toMatchObject({ enabled: true, open: false, inventory: null });
    } finally {
      now = saved;
    }
    now -= 2 * DAY;
    try {
      expect400(await t.post('webapp/inventories/save', { type: 'arrival', answers: all() }, g.cookie), 'type', "Cet inventaire n'est pas encore ouvert");
    } finally {
      now = saved;
    }
    expect((await t.deps.db.select().from(invTable)).length).toBe(before);
  });

  it('answers false without the premium plan', async () => {
    const g = await guestOfNewStay('plan@example.nl');
    const { DEFAULT_ADMIN, setEntry } = await import('../../platform/settings/settings.repository');
    await setEntry(t.deps.db, 'admin', { ...DEFAULT_ADMIN, features: 'essentiel' });
    try {
      expect((await t.call(guest.mine, {}, g.cookie)).answer()).toBe(false);
    } finally {
      await setEntry(t.deps.db, 'admin', { ...DEFAULT_ADMIN, features: 'premium' });
    }
  });
});
