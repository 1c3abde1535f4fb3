import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, makeDeps } from '../app';
import { restoreBackup } from '../backup/restore';
import type { Database } from '../db/client';
import { migrate } from '../db/migrate';
import { readEnv } from '../env';
import { run, stopAll } from '../testing/processes';
import { ACCOUNTS, PREVIOUS, previousServer } from './previous';
import { httpSend, walkReads } from './reads';
import { httpCalls, mailedToken, ok, SIGNUP_PASSWORD } from './season';
import { emptyPlace, freePort, waitForLine, type Place } from './testing';

/**
 * Issue 34, "Upgrades that lose nothing": during a rolling upgrade the previous version's server keeps
 * working on this version's schema (migrations add first and remove a release later: docs/conventions.md,
 * 'Migrations and rolling upgrades'), and what each writes the other reads. The previous landed version's
 * server is built from the repository's history (previous.ts) and runs as a process on the kept season
 * (previous/season.sql.gz) migrated by this version. On PostgreSQL (TEST_DATABASE_URL) both run at once on
 * the database, as two instances behind a load balancer during the upgrade; on the embedded database, one
 * after the other on the data directory (a rollback: the previous version started again after an upgrade).
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const recorded = JSON.parse(readFileSync(join(PREVIOUS, 'reads.json'), 'utf8')) as { reads: Record<string, string> };
let place: Place;
let outbox: string;
const closing: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  place = await emptyPlace();
  outbox = mkdtempSync(join(tmpdir(), 'campsite-rolling-'));
  await restoreBackup(join(PREVIOUS, 'season.sql.gz'), place.target);
  // (built once per commit, in .tmp/previous: the other test files and the next runs reuse it)
  await previousServer();
}, 300_000);
afterEach(stopAll);
afterAll(async () => {
  for (const close of closing.reverse()) await close();
  await place?.remove();
  rmSync(outbox, { recursive: true, force: true });
});

/** This version's server on the database (in this process), as the upgraded instance. */
async function thisVersion(): Promise<{ app: FastifyInstance; database: Database; close: () => Promise<void> }> {
  const database = await place.open();
  const env = readEnv({ SEED: 'none', DATA_DIR: outbox, LOG_LEVEL: 'error' });
  const app = await buildApp({ database, env, serves: 'none' }, makeDeps({ database, env, mailer: { send: async () => {} } }));
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
    await database.close();
  };
  closing.push(close);
  return { app, database, close };
}

/** A call of this version's app, with the shape of httpCalls' answers. */
const injected = (app: FastifyInstance) => async (method: 'GET' | 'POST', path: string, body?: unknown, cookie?: string) => {
  const res = await app.inject({ method, url: `/api/${path}`, ...(body !== undefined ? { payload: body as object } : {}), headers: cookie ? { cookie } : {} });
  const setCookie = res.headers['set-cookie'];
  return { status: res.statusCode, json: res.body ? JSON.parse(res.body) : undefined, text: res.body, type: String(res.headers['content-type']), cookie: (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0] };
};

describe('the previous version on this version’s schema', () => {
  it('reads and writes, and what each version writes the other reads', { timeout: 300_000 }, async () => {
    // this version migrates the kept season, and its staff answer a guest's conversation
    const upgraded = await thisVersion();
    await migrate(upgraded.database);
    const next = injected(upgraded.app);
    const staffNext = (await next('POST', 'dashboard/users/login', { login: ACCOUNTS.admin.login, password: ACCOUNTS.admin.password })).cookie!;
    const guestNext = (await next('POST', 'webapp/account/login', ACCOUNTS.guest)).cookie!;
    const [conversation] = ok(await next('GET', 'webapp/chat/conversations', undefined, guestNext), 'conversations') as { _id: string }[];
    ok(await next('POST', 'webapp/messages/insert', { conversation: conversation._id, message: 'Réponse de la nouvelle version.', key: 'nouvelle-version-1' }, staffNext), 'answer');
    // the embedded database has one process: the upgraded server stops before the previous one starts again
    if (!pgUrl) await upgraded.close();

    const { main } = await previousServer();
    const port = await freePort();
    const previous = run(process.execPath, [main], {
      ...place.env,
      ...(pgUrl ? { DATA_DIR: outbox } : {}),
      PORT: String(port),
      GUEST_PORT: String(await freePort()),
      HOST: '127.0.0.1',
      SEED: 'none',
      JOBS: 'on',
      SWIKLY: 'simulator',
      SWIKLY_SIMULATOR_PORT: String(await freePort()),
      LOG_LEVEL: 'error',
      SMTP_URL: undefined,
      ...(pgUrl ? {} : { DATABASE_URL: undefined }),
    });
    await waitForLine(previous, /^ {2}Tableau de bord : /, 120);
    const base = `http://127.0.0.1:${port}`;

    // its reads: none fails, and each answers as it did on its own schema (the counts move with its clock, not the statuses)
    const reads = await walkReads(httpSend(base), ACCOUNTS, Math.floor(Date.now() / 1000));
    expect(Object.entries(reads).filter(([, answer]) => /^5/.test(answer))).toEqual([]);
    const statusOf = (answer: string) => answer.split(' ')[0];
    const changed = Object.entries(recorded.reads)
      .filter(([read, answer]) => read in reads && statusOf(reads[read]) !== statusOf(answer))
      .map(([read, answer]) => `${read}: ${answer} on its schema, ${reads[read]} on this one`);
    expect(changed).toEqual([]);
    expect(Object.keys(reads).length).toBeGreaterThan(80);

    // it reads what this version wrote
    const old = httpCalls(base);
    const guestOld = (await old('POST', 'webapp/account/login', ACCOUNTS.guest)).cookie!;
    const thread = ok(await old('POST', 'webapp/chat/thread', { conversation: conversation._id }, guestOld), 'thread');
    expect(JSON.stringify(thread)).toContain('Réponse de la nouvelle version.');

    // its writes: a client imported with a stay on site, the guest signs up and books, and writes to the office
    const staffOld = (await old('POST', 'dashboard/users/login', { login: ACCOUNTS.admin.login, password: ACCOUNTS.admin.password })).cookie!;
    const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10).split('-').reverse().join('/');
    const csv = (lines: string[]) => `data:text/csv;base64,${Buffer.from(lines.join('\r\n')).toString('base64')}`;
    let imported = ok(
      await old(
        'POST',
        'dashboard/clients/import',
        {
          clients: csv(['N° client;Nom;Prénom;E-mail', '39001;Roulement;Agathe;agathe.roulement@exemple.org']),
          reservations: csv(['N° séjour;N° client;Emplacement;Hébergement;Arrivée;Départ', `79001;39001;M7;Mobil-home Confort 4 pers.;${day(-1)};${day(4)}`]),
        },
        staffOld,
      ),
      'import',
    );
    while (imported.status === 'pending' || imported.status === 'running') {
      await new Promise((done) => setTimeout(done, 100));
      imported = ok(await old('GET', `dashboard/imports/find?id=${imported._id}`, undefined, staffOld), 'import');
    }
    // (a client file and its stay)
    expect(imported).toMatchObject({ status: 'done', created: 2, refused: 0 });
    const code = ok(await old('POST', 'dashboard/clients/find', { client_number: '39001' }, staffOld), 'client').activation_code;
    const email = 'agathe.roulement@exemple.org';
    ok(await old('POST', 'webapp/account/signup', { code, email, password: SIGNUP_PASSWORD, firstname: 'Agathe', lastname: 'Roulement' }), 'signup');
    const activated = await old('POST', 'webapp/account/activate', { token: await mailedToken(pgUrl ? outbox : place.env.DATA_DIR, email) });
    expect(ok(activated, 'activate').error).toBeUndefined();
    const agathe = activated.cookie!;
    const started = ok(await old('POST', 'webapp/chat/start', { subject: 'other', message: 'Écrit par l’ancienne version.', key: 'ancienne-version-1' }, agathe), 'chat');
    const services = ok(await old('GET', 'webapp/services/list'), 'services') as { _id: string; type: string }[];
    let booking: { _id: string } | undefined;
    for (const service of services.filter((s) => s.type !== 'vente')) {
      for (const benefit of ok(await old('GET', `webapp/services/find?id=${service._id}`), 'service').benefits as { _id: string }[]) {
        const slots = ok(await old('GET', `webapp/services/slots?benefit=${benefit._id}&from=${Math.floor(Date.now() / 1000)}&days=4`), 'slots') as { start: number; places: number | null }[];
        const slot = slots.find((s) => s.places === null || s.places > 0);
        if (!slot || booking) continue;
        const booked = await old('POST', 'webapp/services/book', { benefit: benefit._id, start: slot.start, identity: 'Agathe Roulement', age: 41, phone: '06 11 22 33 44', answers: [] }, agathe);
        if (booked.status === 200 && !booked.json.error) booking = booked.json;
      }
    }
    expect(booking).toBeDefined();

    // this version reads them (on the embedded database, once the previous one has stopped)
    if (!pgUrl) {
      await stopAll();
    }
    const reader = pgUrl ? upgraded : await thisVersion();
    const read = injected(reader.app);
    const staff = (await read('POST', 'dashboard/users/login', { login: ACCOUNTS.admin.login, password: ACCOUNTS.admin.password })).cookie!;
    const client = ok(await read('POST', 'dashboard/clients/find', { client_number: '39001' }, staff), 'client');
    expect(client).toMatchObject({ lastname: 'Roulement', stays: [{ stay_number: '79001' }], users: [{ email }] });
    const messages = ok(await read('POST', 'webapp/messages/find-by-conversation', { conversation: started.conversation._id }, staff), 'messages');
    expect(JSON.stringify(messages)).toContain('Écrit par l’ancienne version.');
    const guest = (await read('POST', 'webapp/account/login', { email, password: SIGNUP_PASSWORD })).cookie!;
    const bookings = ok(await read('GET', 'webapp/services/bookings', undefined, guest), 'bookings') as { _id: string }[];
    expect(bookings.map((b) => b._id)).toContain(booking!._id);

    if (pgUrl) {
      // both at once: this version answers the guest, the previous one shows it to her
      ok(await read('POST', 'webapp/messages/insert', { conversation: started.conversation._id, message: 'Vu par la nouvelle version.', key: 'nouvelle-version-2' }, staff), 'answer');
      const mine = ok(await old('POST', 'webapp/chat/thread', { conversation: started.conversation._id }, agathe), 'thread');
      expect(JSON.stringify(mine)).toContain('Vu par la nouvelle version.');
    }
  });
});
