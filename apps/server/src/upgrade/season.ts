import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A season of a campsite's life, written through the HTTP API of a running server (the previous landed
 * version's, for the kept database: make-previous.ts), as its staff and guests would: people imported,
 * guests signing up and activating their accounts, services booked, questionnaires answered, arrival
 * inventories filled and confirmed, conversations with the office. Only calls, never tables: the same
 * script serves whatever schema the version has. Deterministic choices (a seeded generator), on top of
 * the version's demo (SEED=demo). The server runs with TRUST_PROXY=loopback: each guest comes from an
 * address of their own (X-Forwarded-For), as from their phone, so that the per-address limits of a busy
 * arrival day are not what is tested here.
 */
export interface SeasonOptions {
  /** the server's address, e.g. http://127.0.0.1:3420 */
  base: string;
  adminPassword: string;
  /** the server's DATA_DIR: its outbox holds the activation mails (no SMTP) */
  dataDir: string;
  /** the demo guests' password (seed/people.ts) */
  demoGuestPassword: string;
  /** the server's CLOCK_OFFSET_FILE: the season moves its clock on three days, so that the stays of the guests who signed up end and their questionnaires are due */
  clockFile: string;
  log?: (line: string) => void;
}

export type SeasonCounts = Record<'clients' | 'stays' | 'signups' | 'bookings' | 'reviews' | 'inventories' | 'conversations' | 'messages', number>;

export type Answer = { status: number; json: any; text: string; type: string; cookie?: string };
const DAY = 86400;
const CATEGORIES = ['Mobil-home Confort 4 pers.', 'Mobil-home Premium 6 pers.', 'Chalet Bois 5 pers.', 'Emplacement tente', 'Emplacement camping-car', 'Tente lodge safari'];
const LAST = ['Aubert', 'Barbier', 'Carpentier', 'Delmas', 'Empereur', 'Ferrand', 'Gilles', 'Hamon', 'Imbert', 'Jacob', 'Kieffer', 'Lacroix', 'Maillard', 'Nicolas', 'Olivier', 'Poulain', 'Quéré', 'Renaud', 'Schäfer', 'Tessier', 'Van Dijk', 'Weiß', 'Zanetti', 'Ó Briain'];
const FIRST = ['Adèle', 'Bastien', 'Céline', 'Damien', 'Estelle', 'Félix', 'Gaëlle', 'Hugo', 'Iris', 'Jules', 'Klara', 'Loïc', 'Mila', 'Nils', 'Océane', 'Paul', 'Romane', 'Sacha', 'Timéo', 'Ulla'];
const LANGS = ['Français', 'Français', 'Français', 'en', 'de', 'nl', 'it', 'es'];
export const SIGNUP_PASSWORD = 'saison-2026!';

/** A small deterministic generator (seed/people.ts's). */
function random(seed: number) {
  let s = seed;
  const next = () => (s = (s * 1664525 + 1013904223) % 2 ** 32) / 2 ** 32;
  return { int: (n: number) => Math.floor(next() * n), pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)], chance: (p: number) => next() < p };
}

/**
 * Calls of a server's API over HTTP: `call(method, 'dashboard/…', body, cookie, ip)`; `ok(answer, what)`
 * answers its JSON after a 200 (or throws with the status and the body).
 */
export function httpCalls(base: string) {
  return async (method: 'GET' | 'POST', path: string, body?: unknown, cookie?: string, ip?: string): Promise<Answer> => {
    const res = await fetch(`${base}/api/${path}`, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}), ...(ip ? { 'x-forwarded-for': ip } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text, type: res.headers.get('content-type') ?? '', cookie: res.headers.getSetCookie()[0]?.split(';')[0] };
  };
}

export const ok = (answer: Answer, what: string) => {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.json;
};

export async function generateSeason(opts: SeasonOptions): Promise<SeasonCounts> {
  const log = opts.log ?? (() => {});
  const r = random(2026);
  let addresses = 0;
  const call = httpCalls(opts.base);
  const counts: SeasonCounts = { clients: 0, stays: 0, signups: 0, bookings: 0, reviews: 0, inventories: 0, conversations: 0, messages: 0 };
  const staff = (await call('POST', 'dashboard/users/login', { login: 'admin', password: opts.adminPassword })).cookie!;
  const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
  const date = (t: number) => new Date(t * 1000).toISOString().slice(0, 10).split('-').reverse().join('/');

  // people: 200 client files and their stays over the season, imported as the office does (amenitiz files)
  const clients = ['N° client;Civilité;Nom;Prénom;Langue;E-mail;Téléphone;Type'];
  const stays = ["N° séjour;N° client;Emplacement;Hébergement;Arrivée;Départ;Heure d'arrivée"];
  for (let i = 0; i < 200; i++) {
    const number = String(30001 + i);
    const female = r.chance(0.5);
    const [first, last] = [r.pick(FIRST), r.pick(LAST)];
    clients.push([number, female ? 'Mme' : 'M.', last, first, r.pick(LANGS), `saison.${number}@exemple.org`, `06 ${10 + r.int(89)} ${10 + r.int(89)} ${10 + r.int(89)} ${10 + r.int(89)}`, r.chance(0.1) ? 'Résident' : 'Client'].join(';'));
    for (let s = 0; s < (i % 4 === 3 ? 2 : 1); s++) {
      // the first 40 files are on site now (the guests below), the others earlier or later in the season
      const onSite = i < 40 && s === 0;
      const arrival = onSite ? today - r.int(3) * DAY : today + (r.int(120) - 60) * DAY;
      // those on site leave in two days: their questionnaires are due once the clock has moved on (below)
      const departure = onSite ? today + 2 * DAY : arrival + (4 + r.int(10)) * DAY;
      const category = r.pick(CATEGORIES);
      stays.push([String(70001 + stays.length), number, `${category[0]}${1 + r.int(150)}`, category, date(arrival), date(departure), r.pick(['15h00', '16h30', ''])].join(';'));
    }
  }
  const csv = (lines: string[]) => `data:text/csv;base64,${Buffer.from(`\uFEFF${lines.join('\r\n')}`).toString('base64')}`;
  let imported = ok(await call('POST', 'dashboard/clients/import', { clients: csv(clients), reservations: csv(stays) }, staff), 'import');
  while (imported.status === 'pending' || imported.status === 'running') {
    await new Promise((done) => setTimeout(done, 200));
    imported = ok(await call('GET', `dashboard/imports/find?id=${imported._id}`, undefined, staff), 'import progress');
  }
  if (imported.status !== 'done' || imported.refused) throw new Error(`import: ${JSON.stringify(imported).slice(0, 500)}`);
  counts.clients = clients.length - 1;
  counts.stays = stays.length - 1;
  log(`${counts.clients} clients and ${counts.stays} stays imported`);

  // 30 of those on site sign up with their file's code, and open the mailed link
  const guests: { cookie: string; ip: string }[] = [];
  for (let i = 0; i < 30; i++) {
    const number = String(30001 + i);
    const file = ok(await call('POST', 'dashboard/clients/find', { client_number: number }, staff), 'client');
    const ip = `10.20.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;
    const email = `saison.${number}@exemple.org`;
    ok(await call('POST', 'webapp/account/signup', { code: file.activation_code, email, password: SIGNUP_PASSWORD, firstname: file.firstname, lastname: file.lastname }, undefined, ip), 'signup');
    const token = await mailedToken(opts.dataDir, email);
    const activated = await call('POST', 'webapp/account/activate', { token }, undefined, ip);
    if (ok(activated, 'activate').error) throw new Error(`activate: ${activated.text}`);
    guests.push({ cookie: activated.cookie!, ip });
    counts.signups++;
  }
  // and 30 of the demo's guests on site sign in
  const demo = ok(await call('GET', 'webapp/users/list?activate=yes&per_page=100', undefined, staff), 'guests').rows as { email: string; stay: { arrival: number; departure: number } | null }[];
  for (const guest of demo.filter((g) => g.stay && g.stay.departure > Date.now() / 1000 - 20 * DAY).slice(0, 30)) {
    const ip = `10.20.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;
    const login = await call('POST', 'webapp/account/login', { email: guest.email, password: opts.demoGuestPassword }, undefined, ip);
    if (login.status === 200 && !login.json.error) guests.push({ cookie: login.cookie!, ip });
  }
  log(`${counts.signups} guests signed up, ${guests.length} signed in`);

  // services booked: each guest tries a slot of two benefits within their stay
  const services = ok(await call('GET', 'webapp/services/list'), 'services') as { _id: string; type: string }[];
  const benefits: string[] = [];
  for (const service of services.filter((s) => s.type !== 'vente')) {
    const found = ok(await call('GET', `webapp/services/find?id=${service._id}`), 'service');
    if (found) benefits.push(...(found.benefits as { _id: string }[]).map((b) => b._id));
  }
  for (const [n, guest] of guests.entries()) {
    for (const benefit of [benefits[n % benefits.length], benefits[(n + 3) % benefits.length]].filter(Boolean)) {
      const slots = ok(await call('GET', `webapp/services/slots?benefit=${benefit}&from=${today}&days=5`), 'slots') as { start: number; places: number | null }[] | false;
      const slot = slots ? slots.filter((s) => s.places === null || s.places > 0)[n % 7] : undefined;
      if (!slot) continue;
      const booked = await call('POST', 'webapp/services/book', { benefit, start: slot.start, identity: 'Famille Saison', age: 30 + (n % 40), phone: '06 12 34 56 78', answers: [] }, guest.cookie, guest.ip);
      // (a refusal by the benefit's own rules, a question it requires, is a real answer too: the next one is tried)
      if (booked.status === 200 && booked.json && !booked.json.error) counts.bookings++;
      else if (booked.status !== 200 && booked.status !== 400) ok(booked, 'book');
    }
  }
  log(`${counts.bookings} bookings`);

  // questionnaires waiting for a guest answered, arrival inventories filled and confirmed
  for (const guest of guests) {
    const mine = ok(await call('GET', 'webapp/inventories/mine', undefined, guest.cookie), 'inventory');
    const arrival = mine && mine.arrival;
    if (arrival?.open && arrival.inventory && arrival.inventory.status !== 'completed') {
      const rooms = arrival.inventory.inventory as { objects: { _id: string; quantity: number }[]; reviews: { _id: string }[] }[];
      const answers = rooms.flatMap((room) => room.objects.map((o) => ({ _id: o._id, count: r.chance(0.9) ? o.quantity : Math.max(0, o.quantity - 1) })));
      const reviews = rooms.flatMap((room) => room.reviews.map((v) => ({ _id: v._id, condition: 3 + r.int(3), cleanliness: 3 + r.int(3) })));
      ok(await call('POST', 'webapp/inventories/save', { type: 'arrival', answers, reviews, lang: 'fr' }, guest.cookie, guest.ip), 'inventory save');
      ok(await call('POST', 'webapp/inventories/confirm', { type: 'arrival', lang: 'fr' }, guest.cookie, guest.ip), 'inventory confirm');
      counts.inventories++;
    }
  }
  log(`${counts.inventories} inventories`);

  // conversations with the office: the guest asks, the office answers, the guest thanks
  const key = () => randomBytes(8).toString('hex');
  for (const [n, guest] of guests.slice(0, 40).entries()) {
    const started = ok(await call('POST', 'webapp/chat/start', { subject: r.pick(['intervention', 'gas', 'other']), message: `Bonjour, la douche du ${n + 1} coule mal.`, key: key() }, guest.cookie, guest.ip), 'chat start');
    const conversation = started.conversation._id;
    ok(await call('POST', 'webapp/messages/insert', { conversation, message: 'Nous passons dans la matinée.', key: key() }, staff), 'chat answer');
    ok(await call('POST', 'webapp/chat/send', { conversation, message: 'Merci beaucoup !', key: key() }, guest.cookie, guest.ip), 'chat send');
    counts.conversations++;
    counts.messages += 3;
  }
  log(`${counts.conversations} conversations, ${counts.messages} messages`);

  // three days on (the server's clock, as the journeys move it): the stays of those on site are over, the
  // questionnaire of the day after departure is due; the guests who signed up answer it in the app
  writeFileSync(opts.clockFile, String(today + 3 * DAY + 16 * 3600 - Math.floor(Date.now() / 1000)));
  for (const guest of guests.slice(0, counts.signups)) {
    let forms: { invitation: string; questions: { type: string }[] }[] = [];
    // (the scan runs when the scheduler next looks, a second or so after the clock moved)
    for (let i = 0; i < 300 && !forms.length; i++) {
      forms = ok(await call('GET', 'webapp/reviews/pending', undefined, guest.cookie), 'pending');
      if (!forms.length) await new Promise((done) => setTimeout(done, 200));
    }
    for (const form of forms) {
      const answers = form.questions.map((q) => (q.type === 'notation' ? 2 + r.int(4) : q.type === 'select' ? 0 : r.pick(['Très bon séjour, merci !', 'La piscine était trop froide.', 'Parfait pour les enfants.'])));
      const sent = ok(await call('POST', 'webapp/reviews/submit', { invitation: form.invitation, answers, lang: 'fr' }, guest.cookie, guest.ip), 'review');
      if (sent !== false && !sent?.error) counts.reviews++;
    }
  }
  log(`${counts.reviews} questionnaires answered`);
  return counts;
}

/** The token of the activation mail sent to `email` (the outbox's .eml, written by the mail job). */
export async function mailedToken(dataDir: string, email: string): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  for (let i = 0; i < 600; i++) {
    let names: string[] = [];
    try {
      names = readdirSync(outbox);
    } catch {
      // not made yet
    }
    for (const name of names) {
      const text = readFileSync(join(outbox, name), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (!text.includes(email)) continue;
      const token = /activation=([\w-]+)/.exec(text)?.[1];
      if (token) return token;
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`no activation mail to ${email} in ${outbox}`);
}
