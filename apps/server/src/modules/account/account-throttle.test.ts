import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttleHits, webappUsers } from '../../db/schema';
import { testApp, type TestApp } from '../../testing/harness';
import { startMailServer, type MailServer } from '../../testing/mail-server';
import { addClient } from '../../testing/fixtures/people';
import { CALLS_PER_ADDRESS, MAILS_PER_RECIPIENT, UNACTIVATED_PER_CODE, WRONG_CODES_PER_ADDRESS } from './account.throttle';

/**
 * Guest sign-up, activation, resends and password requests cannot be used to mail strangers nor to
 * guess codes: throttled per address (behind a proxy, X-Forwarded-For as TRUST_PROXY allows) and per
 * code and recipient, with rows in the database.
 */
let t: TestApp;
let smtp: MailServer;
let clock = 1_760_000_000;
let code: string;
/** a second client file, for the tests after the first has used up its code's quota */
let other: string;

beforeAll(async () => {
  smtp = await startMailServer();
  t = await testApp({ mailer: smtp.mailer, now: () => clock, env: { TRUST_PROXY: '127.0.0.1' } });
  code = (await addClient(t.deps, { client_number: '2001', lastname: 'Dupont', firstname: 'Jean', langage: 'fr' })).activationCode;
  other = (await addClient(t.deps, { client_number: '2002', lastname: 'Weber', firstname: 'Hans', langage: 'de' })).activationCode;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const call = (path: string, payload: object, ip: string) =>
  t.app.inject({ method: 'POST', url: `/api/webapp/account/${path}`, payload, headers: { 'x-forwarded-for': ip } });
const signup = (body: object, ip: string) => call('signup', { code, password: 'vacances-2025', firstname: 'Jean', lastname: 'Dupont', ...body }, ip);
const delivered = async () => {
  await t.deps.jobs.runDue();
  await new Promise((r) => setTimeout(r, 100));
  return smtp.mails.length;
};

describe('guest sign-up cannot mail strangers', () => {
  it(`30 sign-ups at once with one valid code to 30 addresses: ${UNACTIVATED_PER_CODE} accounts and ${UNACTIVATED_PER_CODE} mails, the others a French 429`, async () => {
    const before = smtp.mails.length;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signup({ email: `victime${i}@example.org`, firstname: `Cliquez sur http://arnaque.example ${i}` }, `198.51.100.${i + 1}`)),
    );
    expect(answers.filter((r) => r.statusCode === 200 && r.json().ok)).toHaveLength(UNACTIVATED_PER_CODE);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(30 - UNACTIVATED_PER_CODE);
    expect(refused[0].json().message).toBe("Trop de comptes attendent leur activation avec ce code. Ouvrez le lien reçu par e-mail, ou réessayez demain.");
    expect(await t.deps.db.select().from(webappUsers).where(eq(webappUsers.clientNumber, '2001'))).toHaveLength(UNACTIVATED_PER_CODE);
    expect((await delivered()) - before).toBe(UNACTIVATED_PER_CODE);
    // a refusal writes nothing, its count included
    const hits = (await t.deps.db.select().from(throttleHits)).length;
    expect((await signup({ email: 'encore@example.org' }, '198.51.100.1')).statusCode).toBe(429);
    expect(await t.deps.db.select().from(throttleHits)).toHaveLength(hits);
    // a day later the code may create accounts again
    clock += 86400;
    expect((await signup({ email: 'famille@example.org' }, '198.51.100.99')).json()).toEqual({ ok: true });
  });

  it(`guessing codes from one address: ${WRONG_CODES_PER_ADDRESS} wrong codes, then 429s (parallel tries included); a right code is not a guess`, async () => {
    const ip = '203.0.113.10';
    // right codes first: they do not count
    for (let i = 0; i < 3; i++) expect((await signup({ email: `famille${i}@example.org` }, ip)).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => signup({ email: 'devine@example.org', code: `ZZ${1000 + i}` }, ip)));
    expect(answers.filter((r) => r.statusCode === 200 && r.json().error === 'unknown_code')).toHaveLength(WRONG_CODES_PER_ADDRESS);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(25 - WRONG_CODES_PER_ADDRESS);
    expect(refused[0].json().message).toBe("Trop de codes d'activation essayés depuis cette adresse. Réessayez dans 15 minutes.");
    // another address is not concerned; this one may try again after 15 minutes
    expect((await signup({ email: 'devine@example.org', code: 'ZZ9999' }, '203.0.113.11')).json()).toEqual({ error: 'unknown_code' });
    clock += 15 * 60 + 1;
    expect((await signup({ email: 'devine@example.org', code: 'ZZ9999' }, ip)).json()).toEqual({ error: 'unknown_code' });
  });

  it(`an address makes at most ${CALLS_PER_ADDRESS} account calls in 15 minutes`, async () => {
    clock += 3600;
    const ip = '203.0.113.20';
    for (let i = 0; i < CALLS_PER_ADDRESS; i++) expect((await call('activate', { token: `faux-${i}` }, ip)).json()).toEqual({ error: 'invalid_token' });
    const res = await call('password-reset', { token: 'faux', password: 'nouveau-mdp-1' }, ip);
    expect([res.statusCode, res.json().message]).toEqual([429, 'Trop de demandes depuis cette adresse. Réessayez dans 15 minutes.']);
    expect((await call('resend-activation', { email: 'x@example.org' }, ip)).statusCode).toBe(429);
  });

  it(`one mailbox gets at most ${MAILS_PER_RECIPIENT} account mails an hour, whoever asks and from wherever`, async () => {
    clock += 3600;
    expect((await signup({ email: 'cible@example.org', code: other }, '192.0.2.1')).json()).toEqual({ ok: true });
    const before = await delivered();
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await call(i % 2 ? 'password-request' : 'resend-activation', { email: 'Cible@example.org' }, `192.0.2.${10 + i}`));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
    expect((await delivered()) - before).toBe(MAILS_PER_RECIPIENT - 1);
    expect(smtp.mails.slice(-1)[0].to).toEqual(['cible@example.org']);
  });

  it('an address already registered answers as a new one, in the same shape; its owner is told, not signed up again', async () => {
    clock += 3600;
    expect((await signup({ email: 'deja@example.org', langage: 'de', firstname: 'Hans', code: other }, '192.0.2.50')).json()).toEqual({ ok: true });
    await delivered();
    const before = smtp.mails.length;
    const again = await signup({ email: 'deja@example.org', firstname: 'Autre', password: 'un-autre-mdp', code: other }, '192.0.2.51');
    const fresh = await signup({ email: 'nouveau@example.org', code: other }, '192.0.2.52');
    expect([again.statusCode, again.json()]).toEqual([fresh.statusCode, fresh.json()]);
    expect(Object.keys(again.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    await delivered();
    const notice = smtp.mails.slice(before).find((m) => m.to.includes('deja@example.org'))!;
    // in the owner's language, to the owner's name
    expect(notice.subject).toBe('Sie haben bereits ein Konto');
    expect(notice.text).toContain('Hallo Hans,');
    expect(await t.deps.db.select().from(webappUsers).where(eq(webappUsers.email, 'deja@example.org'))).toHaveLength(1);
  });
});
