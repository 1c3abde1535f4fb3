import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold, type DashboardUser } from '@campsite/shared';
import { dashboardUsers } from '../../db/schema';
import { testApp, type TestApp } from '../../testing/harness';

// The staff screens of the people area: list, flags, password reset, deletion.
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const supers = async () => (await t.deps.db.select().from(dashboardUsers).where(sql`${dashboardUsers.permissions}->>'super' = '1'`)).length;
const edit = (u: DashboardUser, patch: object) => ({ id: u._id, lastname: u.lastname, firstname: u.firstname, email: u.email, username: u.username, ...patch });

describe('dashboard/users/list', () => {
  it('pages, sorts and searches (start of a name, identifier or e-mail, accents ignored)', async () => {
    const admin = (await t.signIn({ users: 1, super: 1 }, 'admin-liste')).cookie;
    const names = ['Étienne', 'etchegaray', 'Zola', 'Martin', 'Émile', 'Dupont', 'Durand'];
    for (const [i, lastname] of names.entries()) {
      await t.post('dashboard/users/insert', { lastname, firstname: 'Agent', email: `agent${i}@camping.fr`, username: `agent${i}`, password: 'secret-123' }, admin);
    }
    const all = (await t.deps.db.select().from(dashboardUsers)).map((u) => ({ id: u.id, lastname: u.lastname }));
    const expected = [...all].sort((a, b) => (fold(a.lastname) < fold(b.lastname) ? -1 : fold(a.lastname) > fold(b.lastname) ? 1 : a.id < b.id ? -1 : 1));
    const p1 = (await t.get('dashboard/users/list?per_page=5', admin)).json();
    const p2 = (await t.get('dashboard/users/list?per_page=5&page=2', admin)).json();
    expect(p1.total).toBe(all.length);
    expect([...p1.rows, ...p2.rows].map((u: DashboardUser) => u._id)).toEqual(expected.map((u) => u.id));
    const found = (await t.get('dashboard/users/list?search=ET', admin)).json();
    expect(found.rows.map((u: DashboardUser) => u.lastname).sort()).toEqual(['etchegaray', 'Étienne']);
    const desc = (await t.get('dashboard/users/list?sort=lastname&order=desc&per_page=5', admin)).json();
    expect(desc.rows[0].lastname).toBe('Zola');
  });
});

describe('a super user manages the staff', () => {
  it("removes a staff member's rubrics flag: that member's next rubrics write is refused", async () => {
    const admin = await t.signIn({ users: 1, super: 1 });
    const editor = await t.signIn({ rubrics: 1 }, 'redacteur');
    const write = () => t.post('webapp/groups/insert', { translations: [{ lang: 'fr', name: 'Infos' }], icon: null }, editor.cookie);
    expect((await write()).statusCode).not.toBe(403);
    const user = (await t.get(`dashboard/users/find?id=${editor.userId}`, admin.cookie)).json();
    const saved = await t.post('dashboard/users/update', edit(user, { permissions: { ...user.permissions, rubrics: 0 } }), admin.cookie);
    expect(saved.json().permissions.rubrics).toBe(0);
    const refused = await write();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Vous n'avez pas l'autorisation d'accéder à cette fonctionnalité.");
  });

  it("resets another member's password: the new one signs in, the old one no longer", async () => {
    const admin = await t.signIn({ users: 1, super: 1 });
    const member = await t.signIn({ stats: 1 }, 'oublieux');
    const user = (await t.get(`dashboard/users/find?id=${member.userId}`, admin.cookie)).json();
    expect((await t.post('dashboard/users/update', edit(user, { password: 'reinitialise-1' }), admin.cookie)).statusCode).toBe(200);
    expect((await t.post('dashboard/users/login', { login: 'oublieux', password: 'motdepasse-test' })).json()).toBe(false);
    expect((await t.post('dashboard/users/login', { login: 'oublieux', password: 'reinitialise-1' })).json()).toMatchObject({ username: 'oublieux' });
    // the member's open session ended with the reset
    expect((await t.get('dashboard/users/session', member.cookie)).json()).toBe(false);
  });

  it('deletes a member (and their sessions); never oneself; only a super user', async () => {
    const admin = await t.signIn({ users: 1, super: 1 });
    const member = await t.signIn({ stats: 1 });
    const manager = await t.signIn({ users: 1 });
    expect((await t.post('dashboard/users/delete', { id: member.userId }, manager.cookie)).statusCode).toBe(403);
    const self = await t.post('dashboard/users/delete', { id: admin.userId }, admin.cookie);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('Vous ne pouvez pas supprimer votre propre compte.');
    expect((await t.post('dashboard/users/delete', { id: member.userId }, admin.cookie)).json()).toBe(true);
    expect((await t.get('dashboard/users/session', member.cookie)).json()).toBe(false);
    expect((await t.post('dashboard/users/delete', { id: member.userId }, admin.cookie)).json()).toBe(false);
  });

  it('never leaves the product without a super user, even when two supers remove each other at once', async () => {
    const fresh = await testApp();
    try {
      const a = await fresh.signIn({ super: 1, users: 1 });
      const b = await fresh.signIn({ super: 1, users: 1 });
      const results = await Promise.all([
        fresh.post('dashboard/users/delete', { id: b.userId }, a.cookie),
        fresh.post('dashboard/users/delete', { id: a.userId }, b.cookie),
      ]);
      const count = (await fresh.deps.db.select().from(dashboardUsers).where(sql`${dashboardUsers.permissions}->>'super' = '1'`)).length;
      expect(count).toBe(1);
      // one deletion goes through; the other is refused (400 last super, or 401 when its author was deleted first)
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      // the last super cannot lose the flag either
      const [last] = await fresh.deps.db.select().from(dashboardUsers);
      const cookie = last.id === a.userId ? a.cookie : b.cookie;
      const user = (await fresh.get(`dashboard/users/find?id=${last.id}`, cookie)).json();
      const res = await fresh.post('dashboard/users/update', edit(user, { permissions: { ...user.permissions, super: 0 } }), cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Il doit toujours rester au moins un administrateur (super).');
    } finally {
      await fresh.close();
    }
    expect(await supers()).toBeGreaterThan(0);
  });
});
