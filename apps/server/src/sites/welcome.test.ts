import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { CORE, WELCOME } from '@campsite/shared';
import { MAX_PER_PAIR } from '../platform/throttle/sign-in';
import { startMailServer } from '../testing/mail-server';
import { http, onDatabaseQuery, setUpSitesWorld, type Answer, type SitesWorld } from '../testing/fixtures/sites';
import { runSiteCommand } from './cli';
import { readSites } from './control';

// The first e-mail to a new site's manager (docs/multisite.md), received on a real SMTP server, and the link
// it carries opened on the site's dashboard host over real HTTP; the plan shown read-only in multi-site mode.
const CONSOLE = 'console.camping.test';
const mail = await startMailServer({ refuse: (address) => (address.startsWith('inconnu@') ? 'Boîte inconnue' : null) });
let w: SitesWorld;
setUpSitesWorld((world) => (w = world), { OPERATOR_HOST: CONSOLE, SMTP_URL: mail.url, SITES_SCHEME: 'http' });
afterAll(() => mail.close());

type Read = Omit<Answer, 'json'> & { json(): any };
const op = (method: 'GET' | 'POST', path: string, opts?: { body?: unknown; cookie?: string }): Promise<Read> => http(w.server.ports.dashboard, CONSOLE, method, path, opts);
const dash = (host: string, method: 'GET' | 'POST', path: string, opts?: { body?: unknown; cookie?: string }): Promise<Read> => http(w.server.ports.dashboard, host, method, path, opts);
const cookieOf = (a: Answer) => String([a.headers['set-cookie']].flat()[0]).split(';')[0];
const signIn = (host: string, password: string) => dash(host, 'POST', 'dashboard/users/login', { body: { login: 'admin', password } });
const databaseOf = async (host: string) => (await readSites(w.server.control)).find((s) => s.dashboardHost === host)!.databaseUrl;

/** The last mail received for `to`, and the link's token. */
function mailTo(to: string) {
  const got = mail.mails.filter((m) => m.to.includes(to)).at(-1)!;
  const token = /\/mot-de-passe#([A-Za-z0-9_-]+)/.exec(got.text)![1];
  return { got, token };
}

const PINS = 'admin.pins.camping.test';
const LAC = 'admin.lac.camping.test';

describe('the first e-mail to a new site manager', () => {
  let operator: string;
  let pins: { password: string; token: string; chosen?: string };

  it('creates a site from the console with its manager, mailed the dashboard, the login and a link kept as its hash', async () => {
    const [line] = await runSiteCommand(w.server.control, w.env, ['operator', 'add', 'ariane']);
    const login = await op('POST', 'operator/login', { body: { login: 'ariane', password: line.split(' ').at(-1) } });
    operator = cookieOf(login);

    const bad = await op('POST', 'operator/sites/insert', { cookie: operator, body: { dashboard_host: PINS, guest_host: 'pins.camping.test', manager_email: 'pas-une-adresse' } });
    expect(bad.status).toBe(400);
    expect(bad.json().fields).toMatchObject({ manager_email: CORE.emailInvalid });
    expect(await readSites(w.server.control)).toEqual([]);

    const res = await op('POST', 'operator/sites/insert', { cookie: operator, body: { dashboard_host: PINS, guest_host: 'pins.camping.test', manager_email: ' gerant@pins.test ' } });
    expect(res.status, res.text).toBe(200);
    expect(res.json()).toMatchObject({ login: 'admin', mail: { sent: true, text: WELCOME.mailSent('gerant@pins.test') } });
    await mail.waitFor(1);
    const { got, token } = mailTo('gerant@pins.test');
    expect(got.subject).toBe(`Mon établissement — ${WELCOME.mailSubject}`);
    expect(got.text).toContain(`${WELCOME.mailReady}\nhttp://${PINS}\n`);
    expect(got.text).toContain(WELCOME.mailLogin('admin'));
    // (the one HTML escape of the server writes '#' as an entity, which the mail client reads back)
    expect(got.html).toContain(`<a href="http://${PINS}/mot-de-passe&#35;${token}">`);
    pins = { password: res.json().password, token };

    // the site's database keeps the token's SHA-256 only, and the super account has the manager's address
    const rows = await onDatabaseQuery<{ token_hash: string; days: number }>(await databaseOf(PINS), 'SELECT token_hash, (expires_at - created_at) / 86400 AS days FROM staff_password_links');
    expect(rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex'), days: 7 }]);
    const staff = cookieOf(await signIn(PINS, pins.password));
    expect((await dash(PINS, 'GET', 'dashboard/users/session', { cookie: staff })).json()).toMatchObject({ username: 'admin', email: 'gerant@pins.test' });
  });

  it('lets the link choose the password once, signing the manager in; a short password changes nothing', async () => {
    expect((await dash(PINS, 'POST', 'dashboard/welcome/check', { body: { token: pins.token } })).json()).toEqual({ login: 'admin' });
    const short = await dash(PINS, 'POST', 'dashboard/welcome/password', { body: { token: pins.token, password: 'court' } });
    expect(short.status).toBe(400);
    expect(short.json().fields).toMatchObject({ password: CORE.passwordShort });
    expect((await dash(PINS, 'POST', 'dashboard/welcome/check', { body: { token: pins.token } })).json()).toEqual({ login: 'admin' });

    // two tabs sending it at once: one sets the password, the other is told the link has served
    const [a, b] = await Promise.all(['un-secret-solide', 'un-autre-secret'].map((password) => dash(PINS, 'POST', 'dashboard/welcome/password', { body: { token: pins.token, password } })));
    const won = [a, b].find((r) => r.json().username === 'admin')!;
    const lost = [a, b].find((r) => r !== won)!;
    expect(lost.json()).toEqual({ error: 'used' });
    const chosen = won === a ? 'un-secret-solide' : 'un-autre-secret';
    pins.chosen = chosen;
    expect((await dash(PINS, 'GET', 'dashboard/users/session', { cookie: cookieOf(won) })).json()).toMatchObject({ username: 'admin' });

    expect((await signIn(PINS, chosen)).json()).toMatchObject({ username: 'admin' });
    expect((await signIn(PINS, pins.password)).json()).toBe(false);
    expect((await dash(PINS, 'POST', 'dashboard/welcome/check', { body: { token: pins.token } })).json()).toEqual({ error: 'used' });
  });

  it('refuses a link past its 7 days, changing nothing, and throttles the guesses as the sign-in', async () => {
    const lines = await runSiteCommand(w.server.control, w.env, ['add', LAC, 'lac.camping.test', '--manager', 'gerant@lac.test', '--plan', 'premium']);
    expect(lines[1]).toBe(WELCOME.mailSent('gerant@lac.test'));
    const password = /^login: admin password: (\S+)$/.exec(lines[0])![1];
    await mail.waitFor(2);
    const { token } = mailTo('gerant@lac.test');
    // 7 days later
    await onDatabaseQuery(await databaseOf(LAC), 'UPDATE staff_password_links SET expires_at = extract(epoch FROM now())::bigint - 1');
    expect((await dash(LAC, 'POST', 'dashboard/welcome/check', { body: { token } })).json()).toEqual({ error: 'expired' });
    expect((await dash(LAC, 'POST', 'dashboard/welcome/password', { body: { token, password: 'un-secret-solide' } })).json()).toEqual({ error: 'expired' });
    expect((await signIn(LAC, password)).json()).toMatchObject({ username: 'admin' });
    // a link of another site is unknown here
    expect((await dash(LAC, 'POST', 'dashboard/welcome/check', { body: { token: pins.token } })).json()).toEqual({ error: 'unknown' });

    const answers: Read[] = [];
    for (let i = 0; i < MAX_PER_PAIR; i++) answers.push(await dash(LAC, 'POST', 'dashboard/welcome/check', { body: { token: `devine-${i}` } }));
    const refused = answers.find((r) => r.status === 429)!;
    expect(refused.json()).toMatchObject({ message: CORE.tooManyAttempts });
    expect(answers.filter((r) => r.status !== 429).every((r) => r.json().error === 'unknown')).toBe(true);

    expect(await runSiteCommand(w.server.control, w.env, ['add', 'admin.x.camping.test', 'x.camping.test', '--manager']).catch((e: Error) => e.message)).toBe(WELCOME.managerEmailInvalid(''));
  });

  it('says in the console answer when the e-mail did not leave', async () => {
    const res = await op('POST', 'operator/sites/insert', { cookie: operator, body: { dashboard_host: 'admin.mer.camping.test', guest_host: 'mer.camping.test', manager_email: 'inconnu@mer.test' } });
    expect(res.status, res.text).toBe(200);
    expect(res.json().mail).toMatchObject({ sent: false });
    expect(res.json().mail.text).toMatch(/^L'e-mail de bienvenue à inconnu@mer\.test n'est pas parti \(.*Boîte inconnue.*\) : donnez au gérant son identifiant et son mot de passe ci-dessus\.$/);
  });

  it("shows the plan as the operator's on the site's administrator screen", async () => {
    const staff = cookieOf(await signIn(PINS, pins.chosen!));
    const admin = await dash(PINS, 'GET', 'dashboard/config/admin/list', { cookie: staff });
    expect(admin.json()).toMatchObject({ features: 'essentiel', plan_by_operator: true });
    // the screen sends back what it read, the plan shown included: the other settings are saved
    const saved = await dash(PINS, 'POST', 'dashboard/config/admin/update', { body: { ...admin.json(), show_stay_dates: false }, cookie: staff });
    expect(saved.json()).toMatchObject({ features: 'essentiel', plan_by_operator: true, show_stay_dates: false });
  });
});
