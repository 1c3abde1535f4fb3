import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../testing/harness';
import { startMailServer, type MailServer } from '../../testing/mail-server';
import { addClient } from '../../testing/fixtures/people';
import { CALLS_PER_ADDRESS, CODE_WINDOW, MAILS_PER_RECIPIENT, UNACTIVATED_PER_CODE } from './account.throttle';
import { ACCOUNT_FREE, MAX_PER_PAIR } from '../../platform/throttle/sign-in';

/**
 * A throttle's 429 carries Retry-After (seconds) beside its French sentence, for clients that wait and
 * retry by themselves: the time until the throttle takes a request again.
 */
let t: TestApp;
let smtp: MailServer;
let clock = 1_770_000_000;

beforeAll(async () => {
  smtp = await startMailServer();
  t = await testApp({ mailer: smtp.mailer, now: () => clock, env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = (url: string, payload: object, ip: string) => t.app.inject({ method: 'POST', url: `/api/${url}`, payload, headers: { 'x-forwarded-for': ip } });

describe('Retry-After', () => {
  it('an address past its account calls waits until the oldest call leaves the 15 minutes', async () => {
    const ip = '203.0.113.50';
    for (let i = 0; i < CALLS_PER_ADDRESS; i++) {
      await post('webapp/account/activate', { token: `faux-${i}` }, ip);
      if (i === 0) clock += 60; // the first call 60 s before the others
    }
    const res = await post('webapp/account/activate', { token: 'encore' }, ip);
    expect(res.statusCode).toBe(429);
    // the bucket takes a call again when the first one, made 60 s before the others, leaves the 15 minutes
    expect(res.headers['retry-after']).toBe(String(15 * 60 - 60));
    clock += 15 * 60;
  });

  it("a mailbox past its account mails waits until the hour's oldest mail leaves it", async () => {
    const answers = [];
    for (let i = 0; i <= MAILS_PER_RECIPIENT; i++) {
      answers.push(await post('webapp/account/password-request', { email: 'boite@example.org' }, `192.0.2.${60 + i}`));
      clock += 10;
    }
    expect(answers.slice(0, MAILS_PER_RECIPIENT).map((r) => r.headers['retry-after'])).toEqual(Array(MAILS_PER_RECIPIENT).fill(undefined));
    const refused = answers[MAILS_PER_RECIPIENT];
    expect(refused.statusCode).toBe(429);
    // the first request was made 50 s before the refused one (then 10 s later): 3600 − 50 s remain
    expect(refused.headers['retry-after']).toBe(String(3600 - 10 * MAILS_PER_RECIPIENT));
  });

  it('a code past its quota of accounts waiting for activation: until its oldest leaves the day', async () => {
    const { activationCode: code } = await addClient(t.deps, { client_number: '3101', lastname: 'Quota', firstname: 'Jean', langage: 'fr' });
    const signup = (i: number) =>
      post('webapp/account/signup', { code, password: 'vacances-2025', firstname: 'Jean', lastname: 'Quota', email: `quota${i}@example.org` }, `192.0.2.${120 + i}`);
    for (let i = 0; i < UNACTIVATED_PER_CODE; i++) {
      expect((await signup(i)).json()).toEqual({ ok: true });
      clock += 600;
    }
    const refused = await signup(99);
    expect(refused.statusCode).toBe(429);
    // the first sign-up was 10 minutes per account ago
    expect(refused.headers['retry-after']).toBe(String(CODE_WINDOW - 600 * UNACTIVATED_PER_CODE));
  });

  it('a staff sign-in: the 15 minutes of the sentence past the pair limit; the seconds of the account delay', async () => {
    const staff = await t.signIn({}, 'retry-after');
    const login = (ip: string) => post('dashboard/users/login', { login: staff.username, password: 'faux' }, ip);
    for (let i = 0; i < MAX_PER_PAIR; i++) expect((await login('198.51.100.70')).statusCode).toBe(200);
    const pair = await login('198.51.100.70');
    expect([pair.statusCode, pair.headers['retry-after']]).toEqual([429, String(15 * 60)]);
    // other addresses: past ACCOUNT_FREE failures on the account, the next waits 2 s after the last
    for (let i = MAX_PER_PAIR; i < ACCOUNT_FREE; i++) expect((await login(`198.51.100.${100 + i}`)).statusCode).toBe(200);
    const slowed = await login('198.51.100.200');
    expect([slowed.statusCode, slowed.headers['retry-after']]).toEqual([429, '2']);
    expect(slowed.json().message).toMatch(/2 secondes/);
  });
});
