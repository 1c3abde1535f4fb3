import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { InventoryDoc } from '@campsite/shared';
import { guestInventoryCalls as guest, imageUrl, inventories } from '@campsite/shared';
import { files, inventoryComments } from '../../db/schema';
import { refusalText } from '../../lib/images';
import { expect400 } from '../../testing/expect400';
import { brokenPng, tallPng } from '../../testing/fixtures/images';
import { uploadImage } from '../../testing/fixtures/booklet';
import { makeSetup, setInventoryConfig, uploadPhoto } from '../../testing/fixtures/inventories';
import { addClient, addGuest, addStay } from '../../testing/fixtures/people';
import { GUEST_PHOTOS_PER_HOUR, tooManyPhotosText } from './photos.service';
import { testApp, type TestApp } from '../../testing/harness';

// What a hostile staff member or guest tries on the inventories (docs/inventories.md).

const DAY = 86400;
const CATEGORY = 'Chalet Bois 5 pers.';
let now = Math.floor(Date.now() / 1000);
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await testApp({ plan: 'premium', now: () => now });
  cookie = (await t.signIn({ inventories: 1 })).cookie;
  await makeSetup(t, cookie, 'Chalet 4 places', [CATEGORY]);
  await setInventoryConfig(t, cookie, { arrival_user: true, delay: 48 });
});
afterAll(() => t.close());

const cookieOf = (res: { headers: Record<string, unknown> }) => String([res.headers['set-cookie']].flat()[0]).split(';')[0];
let n = 0;
/** A stay that arrived today, and its guest signed in. */
async function guestOfNewStay() {
  const email = `attaque${++n}@example.nl`;
  const client = await addClient(t.deps, { firstname: 'Daan', lastname: 'Jansen', email1: email, langage: 'nl' });
  const arrival = now - (now % DAY);
  const stay = await addStay(t.deps, { client_number: client.clientNumber, location: 'C3', location_category: CATEGORY, arrival, departure: arrival + 7 * DAY });
  await addGuest(t.deps, { email, password: 'vacances-2025', stayNumber: stay, clientNumber: client.clientNumber, langage: 'nl' });
  const login = await t.post('webapp/account/login', { email, password: 'vacances-2025' });
  expect(login.statusCode).toBe(200);
  return { stay, cookie: cookieOf(login) };
}
/** files/insert answers the id; update-pictures names the file */
const nameOf = async (id: string) => (await t.deps.db.select({ name: files.name }).from(files).where(eq(files.id, id)))[0].name;
const kindOf = async (name: string) => (await t.deps.db.select({ kind: files.kind }).from(files).where(eq(files.name, name)))[0]?.kind;

describe('update-pictures takes only an image just uploaded for it', () => {
  it("refuses the booklet's older image (it would become private) and another stay's photo (one file, two pictures)", async () => {
    // the booklet's picture, uploaded by the rubrics staff two hours ago and shown to guests
    const rubrics = (await t.signIn({ rubrics: 1 })).cookie;
    const booklet = await nameOf(await uploadImage(t, rubrics));
    now += 2 * 3600;
    const { stay } = await guestOfNewStay();
    const res = await t.call(inventories.updatePictures, { stay_number: stay, type: 'arrival', name: booklet }, cookie);
    expect(res.answer()).toBe(false);
    expect(await kindOf(booklet)).toBe('image');
    expect((await t.get(imageUrl(booklet).replace('/api/', ''))).statusCode).toBe(200);

    // another stay's photo
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#a0522d' } }).jpeg().toBuffer();
    const other = await guestOfNewStay();
    const theirs = (await uploadPhoto(t, 'dashboard/inventories/add-picture', { stay_number: other.stay, type: 'arrival' }, jpeg, cookie)).json() as InventoryDoc;
    const photo = theirs.pictures[0];
    expect((await t.call(inventories.updatePictures, { stay_number: stay, type: 'departure', name: photo.name }, cookie)).answer()).toBe(false);
    const mine = (await t.call(inventories.search, { stay_number: stay }, cookie)).answer();
    expect(mine.flatMap((d) => d.pictures)).toEqual([]);

    // an image uploaded now for the inventory is attached, once
    const fresh = await nameOf(await uploadImage(t, cookie));
    const attached = (await t.call(inventories.updatePictures, { stay_number: stay, type: 'arrival', name: fresh }, cookie)).answer() as InventoryDoc;
    expect(attached.pictures.map((p) => p.name)).toEqual([fresh]);
    expect(await kindOf(fresh)).toBe('inventory');
    expect((await t.call(inventories.updatePictures, { stay_number: other.stay, type: 'departure', name: fresh }, cookie)).answer()).toBe(false);
  });
});

describe('comments: at most 100 an inventory', () => {
  it('a guest sending 130 comments at once on two instances keeps 100; the others a French 400; a key already kept still answers', async () => {
    const g = await guestOfNewStay();
    const twin = await t.twin();
    try {
      const send = (i: number) => (i % 2 ? twin : t).post('webapp/inventories/comment', { type: 'arrival', comment: `Commentaire ${i}`, key: `guest-key-${String(i).padStart(4, '0')}` }, g.cookie);
      const answers = await Promise.all(Array.from({ length: 130 }, (_, i) => send(i)));
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(100);
      expect(codes.filter((c) => c === 400)).toHaveLength(30);
      expect400(answers.find((r) => r.statusCode === 400)!, 'comment', 'Cet inventaire a déjà 100 commentaires');
      const mine = (await t.call(guest.mine, {}, g.cookie)).answer();
      expect(mine && mine.arrival.inventory?.comment).toHaveLength(100);
      // the device sends a kept comment again (offline replay): nothing added, no error
      const kept = answers.findIndex((r) => r.statusCode === 200);
      expect((await send(kept)).statusCode).toBe(200);
      // staff too: the inventory is full
      expect400(await t.post('dashboard/inventories/update-comments', { stay_number: g.stay, type: 'arrival', comment: 'Vu à la réception' }, cookie), 'comment', 'Cet inventaire a déjà 100 commentaires');
      const inv = mine ? mine.arrival.inventory?._id : null;
      expect((await t.deps.db.select().from(inventoryComments).where(eq(inventoryComments.inventoryId, inv!))).length).toBe(100);
    } finally {
      await twin.close();
    }
  });
});

describe("a device's time", () => {
  it('a guest count dated years ahead does not stop staff from correcting it', async () => {
    const g = await guestOfNewStay();
    const setup = (await t.call(inventories.findByStayNumber, { stay_number: g.stay }, cookie)).answer() as InventoryDoc;
    const knives = setup.inventory[0].objects[2]._id;
    // the guest says there were no knives on arrival, 'recorded' in ten years
    await t.call(guest.save, { type: 'arrival', answers: [{ _id: knives, count: 0, at: now + 10 * 365 * DAY }] }, g.cookie);
    const corrected = (await t.call(inventories.insert, { stay_number: g.stay, type: 'arrival', answers: [{ _id: knives, count: 6 }] }, cookie)).answer();
    expect(corrected.inventory[0].objects[2].count).toBe(6);
  });
});

describe("a guest's photo never harms the server (issue 29)", () => {
  const fileCount = async () => (await t.deps.db.select({ id: files.id }).from(files)).length;

  it('a PNG whose pixel data is not zlib data, even 100 × 100, is refused in the guest\'s language and nothing is kept', async () => {
    const g = await guestOfNewStay();
    const before = await fileCount();
    const broken = brokenPng();
    expect(broken.length).toBe(123);
    expect400(await uploadPhoto(t, 'webapp/inventories/add-picture', { type: 'arrival' }, broken, g.cookie, 'foto.png'), 'file', refusalText('unreadable', 'nl'));
    // wider than 192 pixels too (its variants failed: a 500), and from staff in French
    expect400(await uploadPhoto(t, 'webapp/inventories/add-picture', { type: 'arrival' }, brokenPng(800, 600), g.cookie, 'foto.png'), 'file', refusalText('unreadable', 'nl'));
    expect400(await uploadPhoto(t, 'dashboard/inventories/add-picture', { stay_number: g.stay, type: 'arrival' }, broken, cookie, 'photo.png'), 'file', refusalText('unreadable'));
    expect(await fileCount()).toBe(before);
    const mine = (await t.call(guest.mine, {}, g.cookie)).answer();
    expect(mine && mine.arrival.inventory?.pictures).toEqual([]);
  });

  it('a 700 × 57 000 PNG is refused for its height, in the guest\'s language; a JPEG is kept as the server encoded it, without its metadata', async () => {
    const g = await guestOfNewStay();
    const before = await fileCount();
    expect400(await uploadPhoto(t, 'webapp/inventories/add-picture', { type: 'arrival' }, await tallPng(), g.cookie, 'strook.png'), 'file', refusalText('side', 'nl'));
    expect(await fileCount()).toBe(before);
    // a photo with its place and camera: kept as a JPEG sharp made, without them (and 100 pixels wide: decoded too)
    const sent = await sharp({ create: { width: 100, height: 80, channels: 3, background: '#8fbc8f' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Telefoon', Model: 'X1' } })
      .toBuffer();
    expect((await sharp(sent).metadata()).exif).toBeDefined();
    const doc = (await uploadPhoto(t, 'webapp/inventories/add-picture', { type: 'arrival' }, sent, g.cookie)).json() as InventoryDoc;
    const kept = await t.get(doc.pictures[0].url, g.cookie);
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload.equals(sent)).toBe(false);
    const meta = await sharp(kept.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 100, 80, undefined]);
  });

  it(`an add-and-delete loop stops at ${GUEST_PHOTOS_PER_HOUR} photos an hour, through two instances at once: a 429 in the guest's language`, async () => {
    const g = await guestOfNewStay();
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4682b4' } }).jpeg().toBuffer();
    const add = (app: Pick<TestApp, 'app'>) => uploadPhoto(app, 'webapp/inventories/add-picture', { type: 'arrival' }, jpeg, g.cookie);
    for (let i = 0; i < GUEST_PHOTOS_PER_HOUR - 5; i++) {
      const doc = (await add(t)).json() as InventoryDoc;
      expect((await t.call(guest.deletePicture, { picture: doc.pictures[0]._id }, g.cookie)).statusCode).toBe(200);
    }
    const twin = await t.twin();
    try {
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => add(i % 2 ? twin : t)));
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(5);
      expect(codes.filter((c) => c === 429)).toHaveLength(7);
      const refused = answers.find((r) => r.statusCode === 429)!;
      expect(refused.json().message).toBe(tooManyPhotosText('nl'));
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await twin.close();
    }
    const mine = (await t.call(guest.mine, {}, g.cookie)).answer();
    expect(mine && mine.arrival.inventory?.pictures).toHaveLength(5);
    // an hour later the guest adds photos again; staff are never counted
    now += 3601;
    expect((await add(t)).statusCode).toBe(200);
    expect((await uploadPhoto(t, 'dashboard/inventories/add-picture', { stay_number: g.stay, type: 'arrival' }, jpeg, cookie)).statusCode).toBe(200);
  }, 120_000);
});
