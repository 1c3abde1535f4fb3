import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../testing/harness';

/** Sign-in attempts: counted before the password is checked, per identifier and address. */
let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  t = await testApp();
  proxied = await testApp({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => {
  await t?.close();
  await proxied?.close();
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
});
