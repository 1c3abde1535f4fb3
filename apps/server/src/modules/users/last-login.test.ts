import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../testing/harness';

/** The staff list shows each member's flags and last sign-in (issue 20): set by a successful sign-in only. */
let t: TestApp;
let clock = 1_760_000_000;
let manager: { cookie: string; userId: string; username: string };

beforeAll(async () => {
  t = await testApp({ now: () => clock });
  manager = await t.signIn({ users: 1, stats: 1 }, 'gerante');
});
afterAll(() => t.close());

const rowOf = async (id: string) => (await t.get('dashboard/users/list?per_page=100', manager.cookie)).json().rows.find((r: { _id: string }) => r._id === id);

describe('last sign-in on the staff list', () => {
  it('is the time of the last successful sign-in, null before any, unchanged by a wrong password', async () => {
    expect(await rowOf(manager.userId)).toMatchObject({ username: 'gerante', last_login: clock, permissions: { users: 1, stats: 1, super: 0 } });
    const res = await t.post('dashboard/users/insert', { lastname: 'Durand', firstname: 'Léo', email: 'leo@camping.test', username: 'leo.durand', password: 'motdepasse-leo' }, manager.cookie);
    const leo = res.json();
    expect(await rowOf(leo._id)).toMatchObject({ last_login: null });
    clock += 3600;
    expect((await t.post('dashboard/users/login', { login: 'leo.durand', password: 'pas-le-bon' })).json()).toBe(false);
    expect((await rowOf(leo._id)).last_login).toBeNull();
    expect((await t.post('dashboard/users/login', { login: 'LEO.DURAND', password: 'motdepasse-leo' })).json()).toMatchObject({ _id: leo._id });
    expect((await rowOf(leo._id)).last_login).toBe(clock);
    clock += 60;
    await t.post('dashboard/users/login', { login: 'leo.durand', password: 'motdepasse-leo' });
    expect((await rowOf(leo._id)).last_login).toBe(clock);
  });
});
