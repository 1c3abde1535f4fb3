import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORE } from '@campsite/shared';
import { dashboardUsers, themes } from '../db/schema';
import { testApp, type TestApp } from '../testing/harness';
import { safeErrorForLog, safeErrorMessage } from '../db/errors';
import { registerErrorHandler } from './errors';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await testApp();
  staff = (await t.signIn({ rubrics: 1, users: 1 })).cookie;
});
afterAll(() => t.close());

const ocean = { name: 'Océan', color1: '1d4e89', color2: '3e7cb1', color3: 'f4a259', color4: 'ffffff' };
const count = async (table: typeof themes | typeof dashboardUsers) => (await t.deps.db.select().from(table)).length;

describe('odd characters', () => {
  it('a NUL character or a lone surrogate in any text is a French 400 naming the field, even on the public login', async () => {
    for (const login of ['adm\u0000in', 'adm\uD800in', '\uDC00admin']) {
      const res = await t.post('dashboard/users/login', { login, password: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Ce texte contient un caractère non autorisé', fields: { login: 'Ce texte contient un caractère non autorisé' } });
    }
    // a well-formed pair (an emoji) is a text like any other
    expect((await t.post('dashboard/users/login', { login: 'camping 🏕️', password: 'x' })).json()).toBe(false);
  });

  it('in nested fields, keys and query strings too, and nothing is written', async () => {
    const before = await count(themes);
    const nested = await t.post('dashboard/themes/insert', { ...ocean, name: 'Oc\u0000éan' }, staff);
    expect(nested.json().fields).toEqual({ name: 'Ce texte contient un caractère non autorisé' });
    const key = await t.post('dashboard/themes/insert', { ...ocean, ['\uD83D']: 1 }, staff);
    expect(key.statusCode).toBe(400);
    const query = await t.get('dashboard/users/find?id=ab%00cd', staff);
    expect(query.statusCode).toBe(400);
    expect(query.json().fields).toEqual({ id: 'Ce texte contient un caractère non autorisé' });
    expect(await count(themes)).toBe(before);
  });

  it('a staff account edited with a NUL in its e-mail stays as it was', async () => {
    const me = await t.signIn({});
    const [before] = await t.deps.db.select().from(dashboardUsers).where(sql`${dashboardUsers.id} = ${me.userId}`);
    const res = await t.post('dashboard/users/update', { id: me.userId, lastname: 'a', firstname: 'b', email: 'a\u0000@b.fr', username: me.username }, me.cookie);
    expect(res.statusCode).toBe(400);
    const [after] = await t.deps.db.select().from(dashboardUsers).where(sql`${dashboardUsers.id} = ${me.userId}`);
    expect(after).toEqual(before);
  });

  it('absurd nesting is a 400, not a stack overflow', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const payload = JSON.stringify(ocean).replace(/}$/, `,"extra":${deep}}`);
    const res = await t.app.inject({ method: 'POST', url: '/api/dashboard/themes/insert', payload, headers: { 'content-type': 'application/json', cookie: staff } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Requête invalide');
  });
});

describe('French sentences', () => {
  it('a too long identifier at login has its own sentence', async () => {
    const res = await t.post('dashboard/users/login', { login: 'x'.repeat(101), password: 'x' });
    expect(res.json().fields.login).toBe("L'identifiant ne doit pas dépasser 100 caractères");
  });

  it('a body over the limit is told so, not with the file sentence', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/themes/insert',
      payload: JSON.stringify({ ...ocean, name: 'x'.repeat(13 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json', cookie: staff },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('La requête est trop volumineuse.');
  });

  it('rules without a sentence of their own are said in French, never with zod\'s English', async () => {
    const res = await t.post('dashboard/users/insert', { lastname: 'x'.repeat(51), firstname: 3, email: 'a@b.fr', username: 'abcdef', password: 'secret-123' }, staff);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ lastname: 'Ce texte ne doit pas dépasser 50 caractères', firstname: 'Veuillez indiquer un texte' });
  });
});

describe('a full disk', () => {
  it("a write the database refuses for want of disk says so (507), not 'try again in a moment', and writes nothing", async () => {
    // the database's own refusal, as PostgreSQL raises it when it cannot extend a file (53100 disk_full)
    await t.deps.database.exec(`
      CREATE FUNCTION full_disk() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$;
      CREATE TRIGGER full_disk BEFORE INSERT ON themes FOR EACH ROW EXECUTE FUNCTION full_disk();`);
    try {
      const before = await count(themes);
      const res = await t.post('dashboard/themes/insert', { ...ocean, name: 'Disque plein' }, staff);
      expect(res.statusCode).toBe(507);
      expect(res.json()).toMatchObject({ message: CORE.diskFull });
      expect(CORE.diskFull).toMatch(/disque du serveur est plein/);
      expect(await count(themes)).toBe(before);
    } finally {
      await t.deps.database.exec('DROP TRIGGER full_disk ON themes; DROP FUNCTION full_disk();');
    }
  });
});

describe('unique rules', () => {
  it('parallel creations of one theme name: one theme, every other answer the French 400, never a 500', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.post('dashboard/themes/insert', { ...ocean, name: 'Parallèle' }, staff)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe('Un thème porte déjà ce nom');
    }
    expect((await t.deps.db.select().from(themes)).filter((r) => r.name === 'Parallèle')).toHaveLength(1);
  });

  it('a unique violation from any write is the French "already exists" 400, from the error handler', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.post('/twice', async () => {
      await t.deps.db.execute(sql`CREATE TABLE IF NOT EXISTS twice (name text UNIQUE)`);
      await t.deps.db.execute(sql`INSERT INTO twice VALUES ('a')`);
      await t.deps.db.execute(sql`INSERT INTO twice VALUES ('a')`);
      return true;
    });
    const res = await app.inject({ method: 'POST', url: '/twice' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Un élément du même nom existe déjà.');
    await app.close();
  });
});

describe('the error log', () => {
  it('never holds the parameters nor the text of a failed query', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => void (lines.push(String(chunk)), done()) });
    const app = Fastify({ logger: { level: 'info', stream } });
    registerErrorHandler(app);
    const secretHash = 'scrypt$16384$8$1$c2VsLXNlY3JldA==$aGFzaC1zZWNyZXQ=';
    const secretMail = 'personne.privee@exemple.fr';
    app.post('/fails', async () => {
      // a server fault (not the input's): an error raised by PostgreSQL while writing a hash and an e-mail
      await t.deps.db.execute(sql`UPDATE no_such_table SET hash = ${secretHash}, email = ${secretMail}`);
      return true;
    });
    app.post('/refused', async () => {
      await t.deps.db.execute(sql`SELECT ${secretHash}::text, ${secretMail}::int`);
      return true;
    });
    expect((await app.inject({ method: 'POST', url: '/fails' })).statusCode).toBe(500);
    expect((await app.inject({ method: 'POST', url: '/refused' })).statusCode).toBe(400);
    await app.close();
    const log = lines.join('');
    expect(log).toContain('"code":"42P01"');
    expect(log).toContain('"code":"22P02"');
    expect(log).not.toContain(secretMail);
    expect(log).not.toContain('c2VsLXNlY3JldA');
    expect(log).not.toMatch(/select/i);
  });

  it('nor does a job\'s last error or a background log line', async () => {
    const secretMail = 'campagne.privee@exemple.fr';
    const err = await t.deps.db.execute(sql`UPDATE no_such_table SET email = ${secretMail}`).catch((e: unknown) => e);
    expect(safeErrorMessage(err)).toBe('database error 42P01');
    expect(JSON.stringify(safeErrorForLog(err))).not.toContain(secretMail);
  });
});
