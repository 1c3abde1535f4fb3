import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import type { AccommodationSetup } from '@campsite/shared';
import { inventories } from '@campsite/shared';
import type { Mail } from '../../integrations/mailer';
import { whileResponsive } from '../../testing/event-loop';
import { addClient, addStay } from '../../testing/fixtures/people';
import { makeSetup, uploadPhoto } from '../../testing/fixtures/inventories';
import { testApp, type TestApp } from '../../testing/harness';

let t: TestApp;
let cookie: string;
let setup: AccommodationSetup;
const sent: Mail[] = [];
let mailDown = false;
beforeAll(async () => {
  t = await testApp({ plan: 'premium', mailer: {
      send: async (m) => {
        if (mailDown) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        sent.push(m);
      },
    },
  });
  cookie = (await t.signIn({ inventories: 1 })).cookie;
  setup = await makeSetup(t, cookie, 'Mobil-home 6 places', ['Mobil-home Premium 6 pers.']);
});
afterAll(() => t.close());

const spaces = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

async function stayWithDifference() {
  const client = await addClient(t.deps, { firstname: 'Élodie', lastname: 'Müller', email1: 'elodie@example.de', langage: 'de' });
  const stay = await addStay(t.deps, { client_number: client.clientNumber, location: 'M7', location_category: 'Mobil-home Premium 6 pers.' });
  const [dishes, bed] = setup.inventory;
  const full = [...dishes.objects, ...bed.objects].map((o) => ({ _id: o._id, count: o.quantity }));
  await t.call(inventories.insert, { stay_number: stay, type: 'arrival', answers: full }, cookie);
  const knives = dishes.objects[2]._id;
  await t.call(inventories.insert, { stay_number: stay, type: 'departure', answers: full.map((a) => (a._id === knives ? { ...a, count: 4 } : a)) }, cookie);
  await t.call(inventories.updateComments, { stay_number: stay, type: 'departure', comment: 'Deux couteaux manquent au départ.' }, cookie);
  const jpeg = await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#cc5500' } }).jpeg().toBuffer();
  await uploadPhoto(t, 'dashboard/inventories/add-picture', { stay_number: stay, type: 'departure' }, jpeg, cookie);
  return stay;
}

describe('the PDF report', () => {
  it('holds the stay, both inventories, the items, their prices, the comments and the total in French format', async () => {
    const stay = await stayWithDifference();
    const res = await t.get(`dashboard/inventories/report?stay_number=${stay}`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = new Uint8Array(res.rawPayload);
    const { text, totalPages } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
    const plain = spaces(text);
    expect(totalPages).toBeGreaterThanOrEqual(1);
    for (const words of ['Mon établissement', `séjour n° ${stay}`, 'Élodie Müller', 'Mobil-home 6 places', 'Vaisselle', 'Literie', 'Assiette plate', 'Couette', 'Deux couteaux manquent au départ.', 'Photos']) {
      expect(plain).toContain(words);
    }
    expect(plain).toContain('1 234,50 €');
    expect(plain).toMatch(/Couteau\s+2\s+1 234,50 €\s+2 469,00 €/);
    expect(plain).toMatch(/Total\s+2 469,00 €/);
    expect((await t.get('dashboard/inventories/report?stay_number=inconnu', cookie)).statusCode).toBe(404);
  });

  it('is mailed to the guest in their language with the PDF attached, once a minute at most', async () => {
    const stay = await stayWithDifference();
    // the mail server down: a 502 that says so, and the next try is not held back
    mailDown = true;
    const down = await t.post('dashboard/inventories/send-report', { stay_number: stay }, cookie);
    mailDown = false;
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe("Le serveur d'e-mail ne répond pas. Réessayez dans un instant.");
    const answer = (await t.call(inventories.sendReport, { stay_number: stay }, cookie)).answer();
    expect(answer).toEqual({ email: 'elodie@example.de' });
    const mail = sent.at(-1)!;
    expect(mail.to).toBe('elodie@example.de');
    expect(mail.subject).toBe('Ihr Inventarbericht');
    const pdf = mail.attachments?.find((a) => a.contentType === 'application/pdf');
    expect(pdf?.filename).toBe(`inventaire-${stay}.pdf`);
    expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
    const again = await t.post('dashboard/inventories/send-report', { stay_number: stay }, cookie);
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBeDefined();
    expect(sent.filter((m) => m.to === 'elodie@example.de')).toHaveLength(1);
    expect((await t.call(inventories.sendReport, { stay_number: 'inconnu' }, cookie)).answer()).toBe(false);
  });

  it('is drawn while the server keeps answering, with thirty photos', async () => {
    const stay = await stayWithDifference();
    for (let i = 0; i < 30; i++) {
      const jpeg = await sharp({ create: { width: 900, height: 675, channels: 3, background: { r: i * 8, g: 120, b: 200 - i * 5 } } }).jpeg().toBuffer();
      await uploadPhoto(t, 'dashboard/inventories/add-picture', { stay_number: stay, type: i % 2 ? 'arrival' : 'departure' }, jpeg, cookie);
    }
    const { result, slowest } = await whileResponsive(
      async () => {
        expect((await t.get('webapp/config/version')).statusCode).toBe(200);
      },
      () => t.get(`dashboard/inventories/report?stay_number=${stay}`, cookie),
    );
    expect(result.statusCode).toBe(200);
    const { totalPages } = await extractText(await getDocumentProxy(new Uint8Array(result.rawPayload)), { mergePages: true });
    expect(totalPages).toBeGreaterThan(1);
    // the same bound as the other loads (http/event-loop.test.ts): a light call waits at most half a second
    expect(slowest).toBeLessThan(500);
  }, 60_000);
});
