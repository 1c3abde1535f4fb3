import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../testing/harness';
import { dashboardUsers } from '../../db/schema';
import { eq } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('dashboard/users/login and session', () => {
  it('signs in, sets an HttpOnly SameSite=Strict cookie and answers the user with permissions, without the token', async () => {
    await t.signIn({ params: 1 }, 'camille');
    const res = await t.post('dashboard/users/login', { login: 'camille', password: 'motdepasse-test' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.username).toBe('camille');
    expect(body.permissions.params).toBe(1);
    expect(body.permissions.users).toBe(0);
    expect(body).not.toHaveProperty('password_hash');
    expect(body).not.toHaveProperty('session');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^session-dashboard=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(res.body).not.toContain(cookie.split(';')[0].split('=')[1]);
    const session = await t.get('dashboard/users/session', cookie.split(';')[0]);
    expect(session.json().username).toBe('camille');
  });

  it('answers false for a wrong password and for an unknown login', async () => {
    await t.signIn({}, 'dominique');
    expect((await t.post('dashboard/users/login', { login: 'dominique', password: 'mauvais' })).json()).toBe(false);
    expect((await t.post('dashboard/users/login', { login: 'personne', password: 'x' })).json()).toBe(false);
  });

  it('refuses a login without its fields with the French message', async () => {
    const res = await t.post('dashboard/users/login', { password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.login).toBe('Veuillez indiquer votre identifiant');
  });

  it('reads the session from the cookie or a Bearer header, never from the query string, and ends it at logout', async () => {
    const { cookie } = await t.signIn({});
    const token = cookie.split('=')[1];
    expect((await t.get(`dashboard/users/session?token=${token}`)).json()).toBe(false);
    expect((await t.get('dashboard/users/session', cookie)).json()).not.toBe(false);
    const bearer = await t.app.inject({ url: '/api/dashboard/users/session', headers: { authorization: `Bearer ${token}` } });
    expect(bearer.json()).not.toBe(false);
    expect((await t.post('dashboard/users/logout', {}, cookie)).json()).toBe(true);
    expect((await t.get('dashboard/users/session', cookie)).json()).toBe(false);
    expect((await t.get('dashboard/users/list', cookie)).statusCode).toBe(401);
  });

  it('limits login attempts: after 10 failures in 15 minutes for one login, a 429 with a French message', async () => {
    await t.signIn({}, 'bruteforce');
    for (let i = 0; i < 10; i++) {
      expect((await t.post('dashboard/users/login', { login: 'bruteforce', password: `faux${i}` })).json()).toBe(false);
    }
    const res = await t.post('dashboard/users/login', { login: 'bruteforce', password: 'motdepasse-test' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Trop de tentatives de connexion. Réessayez dans 15 minutes.');
  });
});

describe('dashboard/users/list, find, insert, update', () => {
  it('needs a session (401) and the users flag (403)', async () => {
    expect((await t.get('dashboard/users/list')).statusCode).toBe(401);
    const { cookie } = await t.signIn({ params: 1 });
    expect((await t.get('dashboard/users/list', cookie)).statusCode).toBe(403);
    const insert = await t.post('dashboard/users/insert', { lastname: 'A', firstname: 'B', email: 'a@b.fr', username: 'abcd', password: '12345678' }, cookie);
    expect(insert.statusCode).toBe(403);
  });

  it('creates a user with the users flag, answers 1 for a taken username and writes nothing', async () => {
    const { cookie } = await t.signIn({ users: 1 });
    const body = { lastname: 'Martin', firstname: 'Léa', email: 'lea@camping.fr', username: 'lea.martin', password: 'secret-123' };
    const res = await t.post('dashboard/users/insert', body, cookie);
    expect(res.json()).toMatchObject({ lastname: 'Martin', username: 'lea.martin' });
    const rows = await t.deps.db.select().from(dashboardUsers).where(eq(dashboardUsers.username, 'lea.martin'));
    expect(rows).toHaveLength(1);
    expect(rows[0].passwordHash).toMatch(/^scrypt\$/);
    expect((await t.post('dashboard/users/insert', { ...body, email: 'autre@camping.fr' }, cookie)).json()).toBe(1);
    const after = await t.deps.db.select().from(dashboardUsers).where(eq(dashboardUsers.email, 'autre@camping.fr'));
    expect(after).toHaveLength(0);
  });

  it('refuses bad input with the French message and writes nothing', async () => {
    const { cookie } = await t.signIn({ users: 1 });
    const res = await t.post('dashboard/users/insert', { lastname: 'X', firstname: 'Y', email: 'pas-un-mail', username: 'abc', password: 'court' }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      email: 'Adresse e-mail invalide',
      username: "Le nom d'utilisateur doit contenir au moins 4 caractères",
      password: 'Le mot de passe doit contenir au moins 8 caractères',
    });
    expect(await t.deps.db.select().from(dashboardUsers).where(eq(dashboardUsers.email, 'pas-un-mail'))).toHaveLength(0);
  });

  it('lets only a super user set permissions', async () => {
    const plain = await t.signIn({ users: 1 });
    const body = { lastname: 'Roy', firstname: 'Jo', email: 'jo@camping.fr', username: 'jo.roy', password: 'secret-123', permissions: { params: 1 } };
    const refused = await t.post('dashboard/users/insert', body, plain.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Seul un administrateur peut modifier les permissions.');
    const admin = await t.signIn({ users: 1, super: 1 });
    const made = await t.post('dashboard/users/insert', body, admin.cookie);
    expect(made.json().permissions.params).toBe(1);
    const id = made.json()._id;
    const escalate = await t.post('dashboard/users/update', { id, lastname: 'Roy', firstname: 'Jo', email: 'jo@camping.fr', username: 'jo.roy', permissions: { super: 1 } }, plain.cookie);
    expect(escalate.statusCode).toBe(403);
    const found = await t.get(`dashboard/users/find?id=${id}`, admin.cookie);
    expect(found.json().permissions.super).toBe(0);
  });

  it('changes one\'s own password only with the current password', async () => {
    const me = await t.signIn({}, 'moimeme');
    const base = { id: me.userId, lastname: 'Nouveau', firstname: 'Nom', email: 'moi@camping.fr', username: 'moimeme' };
    const wrong = await t.post('dashboard/users/update', { ...base, password: 'nouveau-mdp-1', current_password: 'faux' }, me.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.current_password).toBe('Mot de passe invalide');
    const ok = await t.post('dashboard/users/update', { ...base, current_password: 'motdepasse-test', password: 'nouveau-mdp-1' }, me.cookie);
    expect(ok.json().lastname).toBe('Nouveau');
    expect((await t.post('dashboard/users/login', { login: 'moimeme', password: 'nouveau-mdp-1' })).json()).not.toBe(false);
    const other = await t.signIn({});
    expect((await t.post('dashboard/users/update', { ...base, password: 'nouveau-mdp-2' }, other.cookie)).statusCode).toBe(403);
  });

  it('answers false for an unknown id', async () => {
    const { cookie } = await t.signIn({ users: 1 });
    expect((await t.get('dashboard/users/find?id=000000000000000000000000', cookie)).json()).toBe(false);
    const res = await t.post('dashboard/users/update', { id: '000000000000000000000000', lastname: 'a', firstname: 'b', email: 'c@d.fr', username: 'abcd' }, cookie);
    expect(res.json()).toBe(false);
  });
});

describe('dashboard/users/update: who may change whose account', () => {
  const account = (u: { userId: string; username: string }, extra: Record<string, unknown> = {}) => ({
    id: u.userId, lastname: 'Test', firstname: 'Agent', email: `${u.username}@camping.test`, username: u.username, ...extra,
  });
  const row = async (id: string) => (await t.deps.db.select().from(dashboardUsers).where(eq(dashboardUsers.id, id)))[0];
  const signInAgain = async (username: string, password = 'motdepasse-test') => {
    const res = await t.post('dashboard/users/login', { login: username, password });
    return String(res.headers['set-cookie']).split(';')[0];
  };
  const signedIn = async (cookie: string) => (await t.get('dashboard/users/session', cookie)).json() !== false;

  it('a holder of the users flag cannot change a super user\'s password, identifier or e-mail', async () => {
    const boss = await t.signIn({ super: 1, users: 1 });
    const before = await row(boss.userId);
    const staff = await t.signIn({ users: 1 });
    for (const change of [{ password: 'pris-en-otage' }, { username: 'volé-1234' }, { email: 'pirate@evil.test' }]) {
      const res = await t.post('dashboard/users/update', account(boss, change), staff.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("Seul un administrateur peut modifier l'identifiant, l'adresse e-mail ou le mot de passe d'un administrateur.");
    }
    expect(await row(boss.userId)).toEqual(before);
    expect((await t.post('dashboard/users/login', { login: boss.username, password: 'pris-en-otage' })).json()).toBe(false);
    expect(await signedIn(boss.cookie)).toBe(true);
    // the names of a super user's account are no credential: the staff manager may correct them
    const names = await t.post('dashboard/users/update', account(boss, { lastname: 'Durand' }), staff.cookie);
    expect(names.json().lastname).toBe('Durand');
  });

  it('a super user resets another super user\'s password, which signs that account out everywhere', async () => {
    const boss = await t.signIn({ super: 1 });
    const other = await t.signIn({ super: 1 });
    const res = await t.post('dashboard/users/update', account(other, { password: 'remis-a-zero' }), boss.cookie);
    expect(res.json()._id).toBe(other.userId);
    expect(await signedIn(other.cookie)).toBe(false);
    expect(await signedIn(boss.cookie)).toBe(true);
    expect((await t.post('dashboard/users/login', { login: other.username, password: 'remis-a-zero' })).json()).not.toBe(false);
  });

  it('nobody but a super user changes permissions, one\'s own included', async () => {
    const staff = await t.signIn({ users: 1 });
    const self = await t.post('dashboard/users/update', account(staff, { permissions: { users: 1, super: 1 } }), staff.cookie);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('Seul un administrateur peut modifier les permissions.');
    expect((await row(staff.userId)).permissions.super).toBe(0);
    const boss = await t.signIn({ super: 1 });
    const granted = await t.post('dashboard/users/update', account(staff, { permissions: { users: 1, stats: 1 } }), boss.cookie);
    expect(granted.json().permissions).toMatchObject({ users: 1, stats: 1, super: 0 });
  });

  it('a staff member without the users flag edits only their own account', async () => {
    const plain = await t.signIn({ params: 1 });
    const victim = await t.signIn({});
    const res = await t.post('dashboard/users/update', account(victim, { password: 'nouveau-mdp-1' }), plain.cookie);
    expect(res.statusCode).toBe(403);
  });

  it('one\'s own names, e-mail and avatar change without the current password; identifier and password need it', async () => {
    const me = await t.signIn({});
    const names = await t.post('dashboard/users/update', account(me, { lastname: 'Leroy', email: 'nouvelle@camping.test' }), me.cookie);
    expect(names.json()).toMatchObject({ lastname: 'Leroy', email: 'nouvelle@camping.test' });
    const base = { ...account(me), lastname: 'Leroy', email: 'nouvelle@camping.test' };
    for (const change of [{ password: 'nouveau-mdp-1' }, { username: `${me.username}-x` }, { password: 'nouveau-mdp-1', current_password: 'faux' }]) {
      const res = await t.post('dashboard/users/update', { ...base, ...change }, me.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.current_password).toBe('Mot de passe invalide');
      expect(res.json().message).toBe('Indiquez votre mot de passe actuel pour changer votre identifiant ou votre mot de passe.');
    }
    expect((await row(me.userId)).username).toBe(me.username);
  });

  it('a new password or identifier ends every other session of the account, not the one that made the change', async () => {
    const me = await t.signIn({});
    const phone = await signInAgain(me.username);
    const kiosk = await signInAgain(me.username);
    expect(await signedIn(phone)).toBe(true);
    const res = await t.post('dashboard/users/update', account(me, { password: 'nouveau-mdp-1', current_password: 'motdepasse-test' }), me.cookie);
    expect(res.statusCode).toBe(200);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(kiosk)).toBe(false);
    expect(await signedIn(me.cookie)).toBe(true);
    const tablet = await signInAgain(me.username, 'nouveau-mdp-1');
    const renamed = await t.post('dashboard/users/update', account(me, { username: `${me.username}-b`, current_password: 'nouveau-mdp-1' }), me.cookie);
    expect(renamed.json().username).toBe(`${me.username}-b`);
    expect(await signedIn(tablet)).toBe(false);
    expect(await signedIn(me.cookie)).toBe(true);
  });

  it('an account reset by the staff manager is signed out everywhere', async () => {
    const manager = await t.signIn({ users: 1 });
    const agent = await t.signIn({});
    const res = await t.post('dashboard/users/update', account(agent, { password: 'remis-a-zero' }), manager.cookie);
    expect(res.statusCode).toBe(200);
    expect(await signedIn(agent.cookie)).toBe(false);
    expect(await signedIn(manager.cookie)).toBe(true);
  });

  it('two parallel creations of one identifier: one account, the other answered 1', async () => {
    const boss = await t.signIn({ users: 1 });
    const body = { lastname: 'Jumeau', firstname: 'Un', email: 'jumeau@camping.test', username: 'jumeau.un', password: 'secret-123' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.post('dashboard/users/insert', body, boss.cookie)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(answers.filter((r) => r.json() === 1)).toHaveLength(5);
    expect(await t.deps.db.select().from(dashboardUsers).where(eq(dashboardUsers.username, 'jumeau.un'))).toHaveLength(1);
  });
});
