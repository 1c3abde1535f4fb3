import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as plainRequest } from 'node:http';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, type Browser } from '@playwright/test';
import { freePort, startAcme, type AcmeServer } from '../apps/server/src/testing/acme';
import { run, stopAll } from '../apps/server/src/testing/processes';
import config from '../playwright.config';
import { startChromiumPushService, type ChromiumPushService } from './chromium-push';
import { test } from './clock';
import { ADMIN } from './fixtures';

/**
 * HTTPS on its own, for real (issue 34): the built server, started as a campsite starts it with DOMAIN and
 * GUEST_DOMAIN, gets its certificate from an ACME server on this machine (Debian's pebble, which fetches the
 * HTTP-01 answers from the server's HTTP_PORT), and Debian's Chromium, trusting pebble's root as a phone
 * trusts Let's Encrypt's (its own NSS database, no ignoreHTTPSErrors), opens both names over HTTPS.
 */
const DOMAIN = 'camping.test';
const GUEST_DOMAIN = 'app.camping.test';

// the server here keeps the machine's clock (no CLOCK_OFFSET_FILE): so do the pages
test.use({ pinPageClock: false });
test.describe.configure({ mode: 'serial' });

let acme: AcmeServer;
let server: ReturnType<typeof run>;
let browser: Browser;
let root: string;
let ports: { https: number; http: number };
let dataDir: string;
let home: string;
let push: ChromiumPushService;
const dashboardUrl = () => `https://${DOMAIN}:${ports.https}`;
const guestUrl = () => `https://${GUEST_DOMAIN}:${ports.https}`;

/**
 * The project's Chromium (playwright.config.ts) with both names resolved to this machine, trusting what
 * the NSS database of its HOME trusts (Debian's Chromium reads it): pebble's root, added in beforeAll.
 */
function launchOptions(extra: string[] = []) {
  const launch = config.use?.launchOptions ?? {};
  return {
    ...launch,
    args: [...(launch.args ?? []), `--host-resolver-rules=MAP *.${DOMAIN} 127.0.0.1, MAP ${DOMAIN} 127.0.0.1`, ...extra],
    env: { ...process.env, HOME: home },
  };
}

/** A request to 127.0.0.1 naming `host` (SNI and Host), as a client resolving the name there sends it. */
function ask(scheme: 'http' | 'https', host: string, port: number, path: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
    const options = { host: '127.0.0.1', port, path, headers: { host: `${host}:${port}` }, servername: host, ca: root, timeout: 5000 };
    const req = (scheme === 'https' ? request : plainRequest)(options, (res) => {
      res.resume().on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
    });
    req.on('timeout', () => req.destroy(new Error(`${scheme}://${host}:${port}${path}: no answer`))).on('error', reject).end();
  });
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  ports = { https: await freePort(), http: await freePort() };
  acme = await startAcme({ httpPort: ports.http });
  root = await acme.issuingRoot();
  dataDir = mkdtempSync(join(tmpdir(), 'campsite-https-data-'));
  server = run('node', ['apps/server/dist/main.js'], {
    DATA_DIR: dataDir,
    BACKUP_DIR: join(dataDir, 'backups'),
    DATABASE_URL: undefined,
    DOMAIN,
    GUEST_DOMAIN,
    HTTPS_PORT: String(ports.https),
    HTTP_PORT: String(ports.http),
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    GUEST_PORT: String(await freePort()),
    ACME_DIRECTORY: acme.directory,
    ACME_EMAIL: 'admin@camping.test',
    // Node's own variable: the server trusts pebble's HTTPS as it trusts Let's Encrypt's
    NODE_EXTRA_CA_CERTS: acme.caFile,
    ADMIN_PASSWORD: ADMIN.password,
    JOBS: 'on',
    LOG_LEVEL: 'warn',
  });
  // the certificate is ordered once the ports are open: HTTPS answers when it is there (a server that
  // ends, or no certificate in three minutes, fails here with what the server said)
  for (const until = Date.now() + 180_000; ; ) {
    const answer = await ask('https', DOMAIN, ports.https, '/api/health').then((r) => `${r.status}`, (e: Error) => e.message);
    if (answer === '200') break;
    if (server.child.exitCode !== null || Date.now() > until) throw new Error(`no HTTPS on ${dashboardUrl()} (${answer}):\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  // pebble's root in the NSS database of Chromium's HOME, as a certificate authority for web sites
  home = mkdtempSync(join(tmpdir(), 'campsite-https-home-'));
  const nss = `sql:${join(home, '.pki/nssdb')}`;
  mkdirSync(join(home, '.pki/nssdb'), { recursive: true });
  writeFileSync(join(home, 'pebble-root.pem'), root);
  execFileSync('certutil', ['-d', nss, '-N', '--empty-password']);
  execFileSync('certutil', ['-d', nss, '-A', '-t', 'C,,', '-n', 'pebble', '-i', join(home, 'pebble-root.pem')]);
  push = await startChromiumPushService();
  browser = await chromium.launch(launchOptions());
});

test.afterAll(async () => {
  await browser?.close();
  await push?.close();
  await stopAll();
  await acme?.stop();
  for (const dir of [dataDir, home]) if (dir) rmSync(dir, { recursive: true, force: true });
});

test('HTTP_PORT sends every address to the same one on HTTPS', async () => {
  const answer = await ask('http', DOMAIN, ports.http, '/reservations?jour=2');
  expect([301, 308]).toContain(answer.status);
  expect(answer.headers.location).toBe(`${dashboardUrl()}/reservations?jour=2`);
  // a browser typing the guest app's name lands on its HTTPS address
  const context = await browser.newContext();
  const page = await context.newPage();
  const landed = await page.goto(`http://${GUEST_DOMAIN}:${ports.http}/`);
  expect(page.url()).toBe(`${guestUrl()}/`);
  expect(landed?.request().redirectedFrom()?.url()).toBe(`http://${GUEST_DOMAIN}:${ports.http}/`);
  await context.close();
});

test('the dashboard on its name: a valid certificate, HSTS, the login page, a Secure session cookie', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.goto(`${dashboardUrl()}/`);
  expect(response?.status()).toBe(200);
  expect(await response?.headerValue('strict-transport-security')).toMatch(/max-age=\d{7,}/);
  const tls = await response?.securityDetails();
  expect(tls?.subjectName).toBe(DOMAIN);
  expect(tls?.issuer).toMatch(/^Pebble Intermediate CA/);
  expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
  await page.getByLabel('Identifiant').fill(ADMIN.login);
  await page.getByLabel('Mot de passe').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('button', { name: 'Menu du compte' })).toBeVisible();
  const session = (await context.cookies()).find((c) => c.name === 'session-dashboard');
  expect(session).toMatchObject({ domain: DOMAIN, secure: true, httpOnly: true });
  await context.close();
});

test('the guest app on its name: a secure context, its service worker, a push subscription from its own button', async () => {
  // push is refused to an incognito profile (Playwright's newContext): the guest's phone is an ordinary one
  const context = await chromium.launchPersistentContext(join(home, 'profile'), {
    ...launchOptions(push.args),
    locale: 'fr-FR',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.grantPermissions(['notifications'], { origin: guestUrl() });
    const page = await context.newPage();
    const response = await page.goto(`${guestUrl()}/`);
    expect(response?.status()).toBe(200);
    expect((await response?.securityDetails())?.issuer).toMatch(/^Pebble Intermediate CA/);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(worker).toBe(`${guestUrl()}/custom-service-worker.js`);

    const invite = page.getByTestId('push-invite');
    await expect(invite).toBeVisible({ timeout: 15_000 });
    await invite.getByRole('button', { name: 'Activer les notifications' }).click();
    // the card says so once the server has taken the subscription; a refusal (of the browser or of the
    // server) shows an error line instead
    await expect(invite.getByRole('status').or(invite.getByRole('alert'))).toBeVisible({ timeout: 30_000 });
    await expect(invite.getByRole('alert'), 'the subscription was refused').toHaveCount(0);
    await expect(invite).toHaveAttribute('data-state', 'subscribed');
    // made by the browser for the server's VAPID key, through its push service
    const { key } = await page.evaluate(async () => (await fetch('/api/webapp/notifications/key')).json() as Promise<{ key: string }>);
    expect(push.registrations.map((r) => r.get('sender'))).toContain(key);
    const endpoint = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.endpoint);
    expect(endpoint).toMatch(/^https:\/\/[a-z0-9.]+\/fcm\/send\/stand-in-\d+-/);
  } finally {
    await context.close();
  }
});
