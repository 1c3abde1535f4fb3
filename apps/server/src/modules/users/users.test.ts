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
  it('signs in, sets an HttpOnly SameSite=Strict cookie and answers the user with session and permissions', async () => {
    await t.signIn({ params: 1 }, 'camille');
    const res = await t.post('dashboard/users/login', { login: 'camille', password: 'motdepasse-test' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.username).toBe('camille');
    expect(body.session).toMatch(/^[\w-]{40,}$/);
    expect(body.permissions.params).toBe(1);
    expect(body.permissions.users).toBe(0);
    expect(body).not.toHaveProperty('password_hash');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^session-dashboard=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const session = await t.get(`dashboard/users/session?token=${body.session}`);
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

  it('answers false for a session token that does not exist, and after logout', async () => {
    expect((await t.get('dashboard/users/session?token=nope')).json()).toBe(false);
    const { cookie } = await t.signIn({});
    const token = cookie.split('=')[1];
    expect((await t.get(`dashboard/users/session?token=${token}`)).json()).not.toBe(false);
    expect((await t.post('dashboard/users/logout', {}, cookie)).json()).toBe(true);
    expect((await t.get(`dashboard/users/session?token=${token}`)).json()).toBe(false);
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

  it('updates one\'s own account only with the current password', async () => {
    const me = await t.signIn({}, 'moimeme');
    const base = { id: me.userId, lastname: 'Nouveau', firstname: 'Nom', email: 'moi@camping.fr', username: 'moimeme' };
    const wrong = await t.post('dashboard/users/update', { ...base, current_password: 'faux' }, me.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.current_password).toBe('Mot de passe invalide');
    const ok = await t.post('dashboard/users/update', { ...base, current_password: 'motdepasse-test', password: 'nouveau-mdp-1' }, me.cookie);
    expect(ok.json().lastname).toBe('Nouveau');
    expect((await t.post('dashboard/users/login', { login: 'moimeme', password: 'nouveau-mdp-1' })).json()).not.toBe(false);
    const other = await t.signIn({});
    expect((await t.post('dashboard/users/update', { ...base, current_password: 'x' }, other.cookie)).statusCode).toBe(403);
  });

  it('answers false for an unknown id', async () => {
    const { cookie } = await t.signIn({ users: 1 });
    expect((await t.get('dashboard/users/find?id=000000000000000000000000', cookie)).json()).toBe(false);
    const res = await t.post('dashboard/users/update', { id: '000000000000000000000000', lastname: 'a', firstname: 'b', email: 'c@d.fr', username: 'abcd' }, cookie);
    expect(res.json()).toBe(false);
  });
});
