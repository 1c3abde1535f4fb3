// `npx tsx bench/inventory-report.ts`: the inventory PDF of a big stay (10 categories of 15 supplies, both
// inventories, 60 photos), its time and how the server kept answering meanwhile (a benchmark: it prints
// figures and asserts nothing). It writes the PDF and its pages as PNG (pdftoppm, Debian's poppler-utils)
// to .tmp/inventory-report/ to look at.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import type { AccommodationSetup } from '../packages/shared/src';
import { accommodations, inventories, inventoryConfig } from '../packages/shared/src';
import { addClient, addStay } from '../apps/server/src/testing/fixtures/people';
import { uploadPhoto } from '../apps/server/src/testing/fixtures/inventories';
import { testApp } from '../apps/server/src/testing/harness';
import { whileResponsive } from '../apps/server/src/testing/event-loop';

const OUT = '.tmp/inventory-report';
const t = await testApp({ plan: 'premium' });
const cookie = (await t.signIn({ inventories: 1 })).cookie;
const acc = (await t.call(accommodations.insert, { name: 'Mobil-home 6 places', categories: ['Mobil-home Premium'] }, cookie)).answer();
const ROOMS = ['Cuisine', 'Vaisselle', 'Salon', 'Chambre parentale', 'Chambre enfants', 'Salle de bain', 'Terrasse', 'Linge', 'Entretien', 'Jeux'];
let setup: AccommodationSetup | false = false;
for (const room of ROOMS) {
  const cat = (await t.call(accommodations.insertCategory, { accommodation: acc._id, translations: [{ lang: 'fr', name: room }] }, cookie)).answer() as AccommodationSetup;
  const category = cat.inventory.at(-1)!._id;
  const objects = Array.from({ length: 15 }, (_, i) => ({ translations: [{ lang: 'fr' as const, name: `${room} — objet ${i + 1}` }], quantity: 1 + (i % 6), price: 1.5 + i * 7.25 }));
  setup = (await t.call(accommodations.insertObjects, { accommodation: acc._id, category, objects, reviews: [{ translations: [{ lang: 'fr' as const, name: `État ${room.toLowerCase()}` }] }] }, cookie)).answer();
}
const client = await addClient(t.deps, { firstname: 'Élodie', lastname: 'Lefèvre', email1: 'elodie.lefevre@exemple.fr' });
const stay = await addStay(t.deps, { client_number: client.clientNumber, location: 'M42', location_category: 'Mobil-home Premium' });
const all = (setup as AccommodationSetup).inventory.flatMap((c) => c.objects);
const reviews = (setup as AccommodationSetup).inventory.flatMap((c) => c.reviews);
await t.call(inventories.insert, { stay_number: stay, type: 'arrival', answers: all.map((o) => ({ _id: o._id, count: o.quantity })), reviews: reviews.map((r) => ({ _id: r._id, condition: 5, cleanliness: 4 })) }, cookie);
await t.call(inventories.insert, {
  stay_number: stay,
  type: 'departure',
  answers: all.map((o, i) => ({ _id: o._id, count: i % 17 === 3 ? Math.max(0, o.quantity - 2) : o.quantity })),
  reviews: reviews.map((r, i) => ({ _id: r._id, condition: i % 4 ? 4 : 2, cleanliness: 3 })),
}, cookie);
await t.call(inventories.updateComments, { stay_number: stay, type: 'arrival', comment: 'Tout est en ordre à l’arrivée, la terrasse a été nettoyée.' }, cookie);
await t.call(inventories.updateComments, { stay_number: stay, type: 'departure', comment: 'Deux verres cassés et une poêle manquante ; le client a prévenu la réception.' }, cookie);
for (let i = 0; i < 60; i++) {
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: (i * 37) % 255, g: (i * 91) % 255, b: (i * 53) % 255 } } }).jpeg({ quality: 85 }).toBuffer();
  await uploadPhoto(t, 'dashboard/inventories/add-picture', { stay_number: stay, type: i < 30 ? 'arrival' : 'departure' }, photo, cookie);
}

const light = async () => {
  const res = await t.call(inventoryConfig.list, undefined, cookie);
  if (res.statusCode !== 200) throw new Error(`config read: ${res.statusCode}`);
};
const started = performance.now();
const run = await whileResponsive(light, () => t.get(`dashboard/inventories/report?stay_number=${stay}`, cookie));
const ms = Math.round(performance.now() - started);
mkdirSync(OUT, { recursive: true });
writeFileSync(`${OUT}/report.pdf`, run.result.rawPayload);
console.log(`report: ${run.result.statusCode}, ${(run.result.rawPayload.length / 1024).toFixed(0)} kB in ${ms} ms; light calls ${run.calls}, slowest ${run.slowest} ms, event loop max ${run.loopMax} ms`);
execFileSync('pdftoppm', ['-png', '-r', '70', `${OUT}/report.pdf`, `${OUT}/page`]);
console.log(`pages written to ${OUT}/page-*.png`);
await t.close();
