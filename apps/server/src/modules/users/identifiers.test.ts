import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardUsers } from '../../db/schema';
import { migrate } from '../../db/migrate';
import { newId } from '../../lib/ids';
import { freshDatabase, testApp, type TestApp } from '../../testing/harness';
import { findUserByLogin, insertUser } from './users.repository';

// Issue 18: look-alike staff identifiers. 'ADMIN', 'ａｄｍｉｎ' (fullwidth) and 'admіn' (a Cyrillic і) are
// the identifier 'admin': unique once folded (NFKC, lower case, a skeleton of Cyrillic and Greek
// look-alikes), enforced by a unique index, and sign-in matches the folded form.

let t: TestApp;
let boss: { cookie: string };
beforeAll(async () => {
  t = await testApp();
  boss = await t.signIn({ users: 1, super: 1 }, 'chef-identifiants');
});
afterAll(() => t.close());

const CYRILLIC_I = 'adm\u0456n';
const LOOK_ALIKES = ['ADMIN', 'Admin', CYRILLIC_I, '\u0430dmin', 'ａｄｍｉｎ', '\u0391DMIN', 'adm\u0131n'];
const person = (username: string, i = 0) => ({ lastname: 'Double', firstname: 'Agent', email: `double${i}@camping.test`, username, password: 'secret-123' });
const count = async () => (await t.deps.db.select().from(dashboardUsers)).length;

describe('staff identifiers are unique once folded', () => {
  it('folds case, width and the common Cyrillic and Greek look-alikes, and nothing a reader tells apart', async () => {
    const key = async (s: string) => ((await t.deps.db.execute(sql`SELECT identifier_key(${s}) AS k`)) as unknown as { rows: { k: string }[] }).rows[0].k;
    for (const s of LOOK_ALIKES) expect({ s, key: await key(s) }).toEqual({ s, key: 'admin' });
    expect(await key('Straße')).toBe('strasse');
    // a word all in Cyrillic letters drawn like Latin ones ('Рeсо') is its Latin look-alike
    expect(await key('\u0420\u0435\u0441\u043e')).toBe('peco');
    // letters a reader tells apart stay apart: accents, digits
    expect(await key('élodie')).not.toBe(await key('elodie'));
    expect(await key('adm1n')).not.toBe('admin');
  });

  it("refuses 'ADMIN', 'admіn' (Cyrillic і) and the other look-alikes beside 'admin' (answer 1: 'Un autre utilisateur avec le même identifiant existe déjà'), writing nothing", async () => {
    expect((await t.post('dashboard/users/insert', person('admin'), boss.cookie)).json()).toMatchObject({ username: 'admin' });
    const before = await count();
    for (const [i, username] of LOOK_ALIKES.entries()) {
      const res = await t.post('dashboard/users/insert', person(username, i + 1), boss.cookie);
      expect({ username, status: res.statusCode, answer: res.json() }).toEqual({ username, status: 200, answer: 1 });
    }
    expect(await count()).toBe(before);
    // renaming an account onto a look-alike is refused the same way; its own case may change
    const other = (await t.post('dashboard/users/insert', person('autre.agent', 20), boss.cookie)).json();
    const rename = (username: string) => t.post('dashboard/users/update', { id: other._id, lastname: 'Double', firstname: 'Agent', email: 'double20@camping.test', username }, boss.cookie);
    expect((await rename(CYRILLIC_I)).json()).toBe(1);
    expect((await rename('Autre.Agent')).json()).toMatchObject({ username: 'Autre.Agent' });
  });

  it('holds in the database itself: a look-alike written past the service is refused by the unique index', async () => {
    const now = t.deps.now();
    const write = insertUser(t.deps.db, {
      id: newId(), lastname: 'X', firstname: 'Y', email: 'x@camping.test', username: `ADM${'\u0406'}N`, passwordHash: 'x', avatar: null,
      permissions: {}, createdTime: now, editedTime: now,
    });
    await expect(write).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505' }) });
  });

  it('parallel creations of look-alikes create one account, the others are answered 1', async () => {
    const names = ['jumeau', 'JUMEAU', 'jum\u0435au', 'Jumeau', 'ｊｕｍｅａｕ', 'JUM\u0415AU'];
    const answers = await Promise.all(names.map((n, i) => t.post('dashboard/users/insert', person(n, 100 + i), boss.cookie)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(names.length).fill(200));
    expect(answers.filter((r) => r.json() === 1)).toHaveLength(names.length - 1);
    const made = await t.deps.db.select().from(dashboardUsers).where(sql`username_key = 'jumeau'`);
    expect(made).toHaveLength(1);
  });

  it('signs in with any look-alike of the identifier, and counts their attempts as one account', async () => {
    await t.signIn({}, 'lucie');
    for (const login of ['LUCIE', 'luc\u0456e', 'ｌｕｃｉｅ']) {
      expect((await t.post('dashboard/users/login', { login, password: 'motdepasse-test' })).json()).toMatchObject({ username: 'lucie' });
    }
    await t.signIn({}, 'marius');
    for (let i = 0; i < 10; i++) {
      const login = ['MARIUS', 'mar\u0456us', 'Marius', 'm\u0430rius'][i % 4];
      expect((await t.post('dashboard/users/login', { login, password: `faux-${i}` })).json()).toBe(false);
    }
    const res = await t.post('dashboard/users/login', { login: 'marius', password: 'motdepasse-test' });
    expect(res.statusCode).toBe(429);
  });
});

describe('migration 0010 on accounts that already collide', () => {
  it('keeps the older its key and the younger its exact identifier, so that both still sign in', async () => {
    const { database, drop } = await freshDatabase();
    try {
      await migrate(database);
      const { db } = database;
      // back to the state before 0010, with two identifiers that fold to one
      for (const statement of [
        'DROP TRIGGER dashboard_users_identifier ON dashboard_users', 'DROP FUNCTION dashboard_users_identifier()',
        'DROP INDEX dashboard_users_identifier_idx', 'ALTER TABLE dashboard_users DROP COLUMN username_key', 'DROP FUNCTION identifier_key(text)',
        'DROP TABLE audit_log', "DELETE FROM _migrations WHERE name = '0010_audit.sql'",
      ]) await db.execute(sql.raw(statement));
      const older = newId();
      const younger = newId();
      for (const [id, username, time] of [[older, 'Admin', 1], [younger, 'admin', 2], [newId(), 'seul', 3]] as const) {
        await db.execute(sql`INSERT INTO dashboard_users (id, lastname, firstname, email, username, password_hash, permissions, created_time, edited_time)
          VALUES (${id}, 'A', 'B', 'a@b.test', ${username}, 'x', '{}'::jsonb, ${time}, ${time})`);
      }
      expect(await migrate(database)).toEqual(['0010_audit.sql']);
      const keys = (await db.execute(sql`SELECT username, username_key FROM dashboard_users ORDER BY created_time`)) as unknown as { rows: { username: string; username_key: string }[] };
      expect(keys.rows).toEqual([
        { username: 'Admin', username_key: 'admin' },
        { username: 'admin', username_key: `admin#${younger}` },
        { username: 'seul', username_key: 'seul' },
      ]);
      expect((await findUserByLogin(db, 'Admin'))?.id).toBe(older);
      expect((await findUserByLogin(db, 'admin'))?.id).toBe(younger);
      expect((await findUserByLogin(db, 'ADMIN'))?.id).toBe(older);
      // the younger's other edits go on; renaming it folds again
      await db.execute(sql`UPDATE dashboard_users SET lastname = 'C' WHERE id = ${younger}`);
      await db.execute(sql`UPDATE dashboard_users SET username = 'admin2' WHERE id = ${younger}`);
      expect((await findUserByLogin(db, 'ADMIN2'))?.id).toBe(younger);
    } finally {
      await database.close();
      await drop();
    }
  });
});
