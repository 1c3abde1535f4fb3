import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, webappUsers } from '../../db/schema';
import { testApp, type TestApp } from '../../testing/harness';
import { addClient, addStay } from '../../testing/fixtures/people';
import { startMailServer, type MailServer, type ReceivedMail } from '../../testing/mail-server';
import { DEFAULT_ADMIN, setEntry } from '../../platform/settings/settings.repository';

const NOW = 1_750_000_000;
const DAY = 86400;
let t: TestApp;
let smtp: MailServer;
let code: string;

beforeAll(async () => {
  smtp = await startMailServer();
  t = await testApp({ mailer: smtp.mailer, now: () => NOW });
  const client = await addClient(t.deps, { client_number: '1001', lastname: 'Lefèvre', firstname: 'Élodie', langage: 'fr' });
  code = client.activationCode;
  await addStay(t.deps, { client_number: '1001', stay_number: '5001', arrival: NOW - 2 * DAY, departure: NOW + 5 * DAY, location: 'A12', arrival_time: '15:00' });
  await addStay(t.deps, { client_number: '1001', stay_number: '5000', arrival: NOW - 300 * DAY, departure: NOW - 290 * DAY, location: 'B3' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const setAdmin = (patch: Partial<typeof DEFAULT_ADMIN>) => setEntry(t.deps.db, 'admin', { ...DEFAULT_ADMIN, ...patch });
const cookieOf = (res: { headers: Record<string, unknown> }) => String([res.headers['set-cookie']].flat()[0]).split(';')[0];
const linkIn = (mail: ReceivedMail, param: string) => new RegExp(`/membres\\?${param}=([\\w-]+)`).exec(`${mail.html} ${mail.text}`)?.[1];
/** The account mails are jobs (account.mail.ts): the harness does not run the scheduler, the test does. */
const mailTo = async (email: string, count = 1) => {
  await t.deps.jobs.runDue();
  for (let i = 0; i < 100 && smtp.mails.filter((m) => m.to.includes(email)).length < count; i++) await new Promise((r) => setTimeout(r, 20));
  return smtp.mails.filter((m) => m.to.includes(email)).at(-1)!;
};
const signup = (body: object) => t.post('webapp/account/signup', { code, password: 'vacances-2025', firstname: 'Élodie', lastname: 'Lefèvre', ...body });

describe('sign-up, activation, sign-in', () => {
  it('refuses an unknown code and writes nothing', async () => {
    const res = await t.post('webapp/account/signup', { code: 'ZZZZZZZZ', email: 'x@example.fr', password: 'vacances-2025', firstname: 'A', lastname: 'B' });
    expect(res.json()).toEqual({ error: 'unknown_code' });
    expect(await t.deps.db.select().from(webappUsers).where(eq(webappUsers.email, 'x@example.fr'))).toHaveLength(0);
  });

  it('refuses bad input with a French 400 and writes nothing', async () => {
    const res = await signup({ email: 'pas-un-mail', password: 'court' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ email: 'Adresse e-mail invalide', password: 'Le mot de passe doit contenir au moins 8 caractères' });
    expect(await t.deps.db.select().from(webappUsers)).toHaveLength(0);
  });

  it('creates the primary account on the current stay, mails the link, signs in only once activated', async () => {
    expect((await signup({ email: 'elodie@example.fr', code: code.toLowerCase() })).json()).toEqual({ ok: true });
    const [row] = await t.deps.db.select().from(webappUsers).where(eq(webappUsers.email, 'elodie@example.fr'));
    expect(row).toMatchObject({ activate: false, clientNumber: '1001', stayNumber: '5001', userType: 'primary' });
    expect(row.passwordHash).toMatch(/^scrypt\$/);

    expect((await t.post('webapp/account/login', { email: 'elodie@example.fr', password: 'vacances-2025' })).json()).toEqual({ error: 'not_activated' });

    const mail = await mailTo('elodie@example.fr');
    expect(`${mail.html} ${mail.text}`).toContain('http://localhost:3001/membres?activation=');
    const token = linkIn(mail, 'activation')!;
    const res = await t.post('webapp/account/activate', { token });
    expect(res.json()).toMatchObject({ email: 'elodie@example.fr', activate: true, stay: { stay_number: '5001', location: 'A12', arrival: NOW - 2 * DAY, arrival_time: '15:00' } });
    const cookie = String([res.headers['set-cookie']].flat()[0]);
    expect(cookie).toMatch(/^session-webapp=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    // a link works once
    expect((await t.post('webapp/account/activate', { token })).json()).toEqual({ error: 'invalid_token' });

    const login = await t.post('webapp/account/login', { email: 'ELODIE@example.fr', password: 'vacances-2025' });
    expect(login.json()).toMatchObject({ client: { client_number: '1001', lastname: 'Lefèvre', activation_code: code } });
    const me = await t.get('webapp/account/me', cookieOf(login));
    expect(me.json()._id).toBe(row.id);
    expect((await t.post('webapp/account/logout', {}, cookieOf(login))).json()).toBe(true);
    expect((await t.get('webapp/account/me', cookieOf(login))).json()).toBe(false);
  });

  it('makes the next account of the client file a participant on the primary stay; one account per e-mail, its owner told', async () => {
    expect((await signup({ email: 'papa@example.fr', participant_type: 'father', firstname: 'Marc' })).json()).toEqual({ ok: true });
    const [row] = await t.deps.db.select().from(webappUsers).where(eq(webappUsers.email, 'papa@example.fr'));
    expect(row).toMatchObject({ userType: 'participant', participantType: 'father', stayNumber: '5001' });
    await mailTo('papa@example.fr');
    // the same answer as a new account's: nobody learns that this address has one; its owner is e-mailed
    expect((await signup({ email: 'Papa@Example.fr', firstname: 'Intrus', password: 'autre-mot-de-passe' })).json()).toEqual({ ok: true });
    const notice = await mailTo('papa@example.fr', 2);
    expect(notice.subject).toBe('Vous avez déjà un compte');
    expect(notice.text).toContain('Bonjour Marc,');
    expect(notice.text).not.toContain('activation=');
    const after = await t.deps.db.select().from(webappUsers).where(sql`lower(${webappUsers.email}) = 'papa@example.fr'`);
    expect(after).toEqual([row]);
  });

  it('keeps two sign-ups with one e-mail at once to one account', async () => {
    const results = await Promise.all([1, 2, 3].map(() => signup({ email: 'double@example.fr' })));
    expect(results.map((r) => r.json())).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(await t.deps.db.select().from(webappUsers).where(eq(webappUsers.email, 'double@example.fr'))).toHaveLength(1);
  });

  it('limits sign-in attempts: after 10 failures for an address, a 429 with a French sentence', async () => {
    for (let i = 0; i < 10; i++) expect((await t.post('webapp/account/login', { email: 'papa@example.fr', password: `faux-${i}` })).json()).toEqual({ error: 'wrong_credentials' });
    const res = await t.post('webapp/account/login', { email: 'papa@example.fr', password: 'vacances-2025' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Trop de tentatives de connexion. Réessayez dans 15 minutes.');
  });
});

async function signedInGuest(email: string) {
  await signup({ email });
  const token = linkIn(await mailTo(email), 'activation')!;
  return cookieOf(await t.post('webapp/account/activate', { token }));
}

describe('own account only, and never a staff session', () => {
  it('shows the stay dates and location only as the admin settings allow', async () => {
    const cookie = await signedInGuest('soeur@example.fr');
    await setAdmin({ show_stay_dates: false, show_stay_location: true });
    expect((await t.get('webapp/account/me', cookie)).json().stay).toEqual({ stay_number: '5001', location: 'A12' });
    await setAdmin({ show_stay_dates: true, show_stay_location: false });
    const stay = (await t.get('webapp/account/me', cookie)).json().stay;
    expect(stay).toMatchObject({ stay_number: '5001', arrival: NOW - 2 * DAY });
    expect(stay).not.toHaveProperty('location');
    await setAdmin({});
  });

  it('changes only the signed-in account; a new password needs the current one', async () => {
    const cookie = await signedInGuest('frere@example.fr');
    const base = { firstname: 'Paul', lastname: 'Lefèvre', phone: '0612345678' };
    expect((await t.post('webapp/account/update', { ...base, password: 'nouveau-mdp-1', current_password: 'faux' }, cookie)).json()).toEqual({ error: 'wrong_password' });
    const ok = (await t.post('webapp/account/update', { ...base, password: 'nouveau-mdp-1', current_password: 'vacances-2025', _id: 'someone-else', id: 'x' }, cookie)).json();
    expect(ok).toMatchObject({ email: 'frere@example.fr', firstname: 'Paul', phone: '0612345678' });
    expect((await t.post('webapp/account/login', { email: 'frere@example.fr', password: 'nouveau-mdp-1' })).json()).toMatchObject({ firstname: 'Paul' });
    expect((await t.post('webapp/account/update', base)).statusCode).toBe(401);
  });

  it("reads and changes only one's own account, whatever id is sent", async () => {
    const mine = await signedInGuest('cousine@example.fr');
    await signedInGuest('voisin@example.fr');
    const [other] = await t.deps.db.select().from(webappUsers).where(eq(webappUsers.email, 'voisin@example.fr'));
    for (const q of [`id=${other.id}`, `_id=${other.id}`, `user=${other.id}`]) {
      expect((await t.get(`webapp/account/me?${q}`, mine)).json()).toMatchObject({ email: 'cousine@example.fr' });
    }
    const res = await t.post('webapp/account/update', { firstname: 'Intrus', lastname: 'Intrus', id: other.id, _id: other.id, user: other.id, email: 'voisin@example.fr' }, mine);
    expect(res.json()).toMatchObject({ email: 'cousine@example.fr', firstname: 'Intrus' });
    const [after] = await t.deps.db.select().from(webappUsers).where(eq(webappUsers.id, other.id));
    expect(after).toEqual(other);
    // the staff reads of guest accounts stay closed to a guest
    expect((await t.post('webapp/users/find', { id: other.id }, mine)).statusCode).toBe(401);
  });

  it('never lets a guest token reach a dashboard call, by cookie or header', async () => {
    const cookie = await signedInGuest('pirate@example.fr');
    const token = cookie.split('=')[1];
    for (const headers of [{ cookie }, { cookie: `session-dashboard=${token}` }, { authorization: `Bearer ${token}` }]) {
      for (const url of ['/api/dashboard/clients/list', '/api/webapp/users/list', '/api/dashboard/users/list']) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect({ url, status: res.statusCode }).toEqual({ url, status: 401 });
      }
      const find = await t.app.inject({ method: 'POST', url: '/api/webapp/users/find', headers, payload: { id: 'x' } });
      expect(find.statusCode).toBe(401);
    }
    expect((await t.get('dashboard/users/session', `session-dashboard=${token}`)).json()).toBe(false);
  });
});

describe('password reset', () => {
  it('mails a one-use link; the new password works, the old one and other sessions end', async () => {
    const other = await signedInGuest('oubli@example.fr');
    const before = smtp.mails.length;
    expect((await t.post('webapp/account/password-request', { email: 'personne@example.fr' })).json()).toBe(true);
    expect((await t.post('webapp/account/password-request', { email: 'oubli@example.fr' })).json()).toBe(true);
    const mail = await mailTo('oubli@example.fr', 2);
    expect(smtp.mails.length).toBe(before + 1);
    const token = linkIn(mail, 'reset')!;
    const res = await t.post('webapp/account/password-reset', { token, password: 'tout-nouveau-1' });
    expect(res.json()).toMatchObject({ email: 'oubli@example.fr' });
    expect((await t.get('webapp/account/me', other)).json()).toBe(false);
    expect((await t.post('webapp/account/password-reset', { token, password: 'encore-un-2' })).json()).toEqual({ error: 'invalid_token' });
    expect((await t.post('webapp/account/login', { email: 'oubli@example.fr', password: 'vacances-2025' })).json()).toEqual({ error: 'wrong_credentials' });
    expect((await t.post('webapp/account/login', { email: 'oubli@example.fr', password: 'tout-nouveau-1' })).json()).toMatchObject({ email: 'oubli@example.fr' });
  });
});

describe('connection settings', () => {
  it('offers no sign-in nor sign-up when active_connexion is off', async () => {
    await setAdmin({ active_connexion: false });
    expect((await t.post('webapp/account/login', { email: 'frere@example.fr', password: 'nouveau-mdp-1' })).json()).toEqual({ error: 'closed' });
    expect((await signup({ email: 'ferme@example.fr' })).json()).toEqual({ error: 'closed' });
    await setAdmin({});
  });

  it('with application_ouverte off, content reads need a guest or staff session; the sign-in screen still loads', async () => {
    await setAdmin({ application_ouverte: false });
    expect((await t.get('webapp/groups/list')).statusCode).toBe(401);
    expect((await t.get('webapp/animations/list')).statusCode).toBe(401);
    expect((await t.get('webapp/config/public')).statusCode).toBe(200);
    expect((await t.get('webapp/config/theme')).statusCode).toBe(200);
    const guest = cookieOf(await t.post('webapp/account/login', { email: 'frere@example.fr', password: 'nouveau-mdp-1' }));
    expect((await t.get('webapp/groups/list', guest)).statusCode).toBe(200);
    const staff = (await t.signIn({})).cookie;
    expect((await t.get('webapp/groups/list', staff)).statusCode).toBe(200);
    await setAdmin({});
    expect((await t.get('webapp/groups/list')).statusCode).toBe(200);
  });
});

describe('webapp/users/send-email (staff)', () => {
  it('sends the activation link again to an account not yet activated, false for an activated one', async () => {
    const staff = (await t.signIn({ users: 1 })).cookie;
    await signup({ email: 'pasencore@example.fr' });
    await mailTo('pasencore@example.fr');
    expect((await t.post('webapp/users/send-email', { email: 'pasencore@example.fr', activate: 'x', firstname: 'A', lastname: 'B' }, staff)).json()).toBe(true);
    const mail = await mailTo('pasencore@example.fr', 2);
    expect(linkIn(mail, 'activation')).toBeTruthy();
    expect((await t.post('webapp/users/send-email', { email: 'elodie@example.fr' }, staff)).json()).toBe(false);
    expect((await t.post('webapp/users/send-email', { email: 'pasencore@example.fr' }, (await t.signIn({})).cookie)).statusCode).toBe(403);
    const rows = await t.deps.db.select().from(sessions).where(eq(sessions.kind, 'webapp'));
    expect(rows.length).toBeGreaterThan(0);
  });
});
