import { and, eq, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, loginKnown, throttleHits } from '../../db/schema';
import { testApp, type TestApp } from '../../testing/harness';
import { accountDelay } from './sign-in';

/** Sign-in attempts: counted before the password is checked, per identifier and address. */
let t: TestApp;
let proxied: TestApp;
/** behind a proxy, with a clock of its own: the account's delay is counted in seconds */
let clocked: TestApp;
let clock = 1_760_000_000;
beforeAll(async () => {
  t = await testApp();
  proxied = await testApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  clocked = await testApp({ env: { TRUST_PROXY: '127.0.0.1' }, now: () => clock });
});
afterAll(async () => {
  await t?.close();
  await proxied?.close();
  await clocked?.close();
});

const TOO_MANY = 'Trop de tentatives de connexion. Réessayez dans 15 minutes.';
const login = (app: TestApp, body: { login: string; password: string }, from?: { address?: string; forwarded?: string }) =>
  app.app.inject({
    method: 'POST',
    url: '/api/dashboard/users/login',
    payload: body,
    ...(from?.address ? { remoteAddress: from.address } : {}),
    headers: from?.forwarded ? { 'x-forwarded-for': from.forwarded } : {},
  });

describe('dashboard/users/login under attack', () => {
  it('40 wrong passwords at once for one account: 10 are checked, the 30 others refused before any check', async () => {
    const { username } = await t.signIn({}, 'rafale');
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login(t, { login: username, password: `faux-${i}` })));
    expect(answers.filter((r) => r.statusCode === 200 && r.json() === false)).toHaveLength(10);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(30);
    expect(refused[0].json().message).toBe(TOO_MANY);
    // the right password from that address waits too
    expect((await login(t, { login: username, password: 'motdepasse-test' })).statusCode).toBe(429);
  });

  it('a guesser elsewhere does not lock the owner out: the limit is per identifier and address', async () => {
    const { username } = await t.signIn({ super: 1 }, 'patronne');
    for (let i = 0; i < 10; i++) {
      expect((await login(t, { login: username, password: `faux-${i}` }, { address: '192.0.2.66' })).json()).toBe(false);
    }
    expect((await login(t, { login: username, password: 'motdepasse-test' }, { address: '192.0.2.66' })).statusCode).toBe(429);
    const owner = await login(t, { login: username, password: 'motdepasse-test' }, { address: '198.51.100.20' });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().username).toBe(username);
  });

  it('one address trying many identifiers is stopped after 50 attempts, whatever X-Forwarded-For it forges', async () => {
    const from = (i: number) => ({ address: '192.0.2.99', forwarded: `203.0.113.${i}` });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(t, { login: `inconnu-${i}`, password: 'x' }, from(i))));
    expect(answers.every((r) => r.statusCode === 200 && r.json() === false)).toBe(true);
    expect((await login(t, { login: 'inconnu-51', password: 'x' }, from(51))).statusCode).toBe(429);
  });

  it('behind a configured proxy, the visitor it names is counted; a header from anyone else is ignored', async () => {
    const { username } = await proxied.signIn({}, 'relais');
    for (let i = 0; i < 10; i++) {
      expect((await login(proxied, { login: username, password: 'faux' }, { forwarded: '203.0.113.5' })).json()).toBe(false);
    }
    expect((await login(proxied, { login: username, password: 'faux' }, { forwarded: '203.0.113.5' })).statusCode).toBe(429);
    const other = await login(proxied, { login: username, password: 'motdepasse-test' }, { forwarded: '198.51.100.7' });
    expect(other.json().username).toBe(username);
    // not from the proxy: its header names nobody, the sender's own address is counted
    for (let i = 0; i < 10; i++) {
      expect((await login(proxied, { login: username, password: 'faux' }, { address: '192.0.2.7', forwarded: `198.51.100.${i}` })).json()).toBe(false);
    }
    expect((await login(proxied, { login: username, password: 'faux' }, { address: '192.0.2.7', forwarded: '198.51.100.99' })).statusCode).toBe(429);
  });

  it('10 addresses on one account: after 20 wrong passwords each further try waits 2, 4, 8 … s (a French 429 says when); the owner is not locked out', async () => {
    // the owner signs in once from their usual address (the proxy's own, 127.0.0.1)
    const { username } = await clocked.signIn({}, 'convoitee');
    const from = (i: number) => ({ forwarded: `203.0.113.${i}` });
    const wait = (s: number) => `Trop de tentatives de connexion sur ce compte. Réessayez dans ${s} seconde${s > 1 ? 's' : ''}.`;
    // 10 addresses, 10 guesses each, all at once: before, all 100 were checked
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => login(clocked, { login: username, password: `faux-${i}` }, from(i % 10))));
    expect(answers.filter((r) => r.statusCode === 200 && r.json() === false)).toHaveLength(20);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(80);
    expect(new Set(refused.map((r) => r.json().message))).toEqual(new Set([wait(2)]));
    // case does not make another account
    expect((await login(clocked, { login: username.toUpperCase(), password: 'x' }, from(11))).json().message).toBe(wait(2));

    // the owner, where they signed in before, at once; from a new address, the delay holds for them too
    expect((await login(clocked, { login: username, password: 'motdepasse-test' })).json().username).toBe(username);
    expect((await login(clocked, { login: username, password: 'motdepasse-test' }, { forwarded: '198.51.100.1' })).json().message).toBe(wait(2));

    // each failure doubles the wait
    clock += 2;
    expect((await login(clocked, { login: username, password: 'faux' }, from(21))).json()).toBe(false);
    expect((await login(clocked, { login: username, password: 'faux' }, from(22))).json().message).toBe(wait(4));
    clock += 3;
    expect((await login(clocked, { login: username, password: 'faux' }, from(23))).json().message).toBe(wait(1));
    clock += 1;
    expect((await login(clocked, { login: username, password: 'faux' }, from(23))).json()).toBe(false);
    expect((await login(clocked, { login: username, password: 'faux' }, from(24))).json().message).toBe(wait(8));

    // the owner from a new address once the announced wait is over
    clock += 8;
    expect((await login(clocked, { login: username, password: 'motdepasse-test' }, { forwarded: '198.51.100.1' })).json().username).toBe(username);
    // an hour after the last guess, the account is free again
    clock += 3600;
    expect((await login(clocked, { login: username, password: 'faux' }, from(30))).json()).toBe(false);
  });

  it('the wait grows 2, 4, 8 … and is never more than 5 minutes', () => {
    expect([19, 20, 21, 22, 27, 28, 40].map(accountDelay)).toEqual([0, 2, 4, 8, 256, 300, 300]);
  });

  it('the attempts and throttle rows past their windows are purged every hour; recent ones stay', async () => {
    const { db } = clocked.deps;
    await clocked.deps.jobs.ensureRecurring();
    // the hourly job's next run
    clock = (Math.floor(clock / 3600) + 1) * 3600;
    await db.insert(loginAttempts).values([
      { login: 'vieux', ip: '192.0.2.1', time: clock - 3601 },
      { login: 'recent', ip: '192.0.2.1', time: clock - 60 },
    ]);
    await db.insert(throttleHits).values([
      { bucket: 'account-ip:192.0.2.1', time: clock - 86401 },
      { bucket: 'account-ip:192.0.2.1', time: clock - 60 },
    ]);
    await db.insert(loginKnown).values([
      { login: 'vieux', ip: '192.0.2.1', time: clock - 91 * 86400 },
      { login: 'recent', ip: '192.0.2.1', time: clock - 86400 },
    ]);
    await clocked.deps.jobs.runDue();
    expect(await db.select().from(loginAttempts).where(lt(loginAttempts.time, clock - 3600))).toEqual([]);
    expect(await db.select().from(loginAttempts).where(eq(loginAttempts.login, 'recent'))).toHaveLength(1);
    expect(await db.select().from(throttleHits).where(lt(throttleHits.time, clock - 86400))).toEqual([]);
    expect(await db.select().from(throttleHits).where(eq(throttleHits.bucket, 'account-ip:192.0.2.1'))).toHaveLength(1);
    expect((await db.select().from(loginKnown).where(and(eq(loginKnown.ip, '192.0.2.1')))).map((r) => r.login)).toEqual(['recent']);
  });
});
