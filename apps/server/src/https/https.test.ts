import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { request as plainRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootCertificates, type PeerCertificate, type TLSSocket } from 'node:tls';
import * as acme from 'acme-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { tlsCertificates } from '../db/schema';
import { readEnv } from '../env';
import { startAcme, type AcmeServer } from '../testing/acme';
import { testApp, type TestApp } from '../testing/harness';
import { freePort } from '../testing/outage';
import { certificatesFor, startHttps } from '.';
import { acmeCertificates, type CertificateSource } from './certificates';
import { serveHttps, type HttpsServers } from './serve';

const DOMAIN = 'camping.test';
const GUEST_DOMAIN = 'app.camping.test';

let t: TestApp;
let pebble: AcmeServer;
let root: string;
let ports: { https: number; http: number; guest: number };
let apps: { dashboard: FastifyInstance; guest: FastifyInstance };
let certificates: CertificateSource;
let servers: HttpsServers & { certificates: CertificateSource };
const dirs: string[] = [];

/** A built app's folder whose page says which app it is. */
function dist(name: string) {
  const dir = mkdtempSync(join(tmpdir(), `https-${name}-`));
  dirs.push(dir);
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>${name}</title><p>${name}</p>`);
  return dir;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  cert: PeerCertificate;
}

/** An HTTPS request to 127.0.0.1 naming `host` (SNI and Host), trusting only the ACME server's issuing root. */
function get(host: string, port: number, path: string, opts: { agent?: Agent; method?: string; body?: string; headers?: Record<string, string> } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, servername: host, method: opts.method ?? 'GET', headers: { host: `${host}:${port}`, ...opts.headers }, ca: root, agent: opts.agent ?? false },
      (res) => {
        const cert = (res.socket as TLSSocket).getPeerCertificate();
        let body = '';
        res.setEncoding('utf8').on('data', (c: string) => (body += c)).on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body, cert }));
      },
    );
    req.on('error', reject).end(opts.body);
  });
}

beforeAll(async () => {
  ports = { https: await freePort(), http: await freePort(), guest: await freePort() };
  pebble = await startAcme({ httpPort: ports.http });
  root = await pebble.issuingRoot();
  // this process talks to pebble's own HTTPS (the server's process would take NODE_EXTRA_CA_CERTS)
  acme.axios.defaults.httpsAgent = new Agent({ ca: [...rootCertificates, pebble.ca] });
  t = await testApp({ env: { DOMAIN, GUEST_DOMAIN, HTTPS_PORT: String(ports.https), HTTP_PORT: String(ports.http), ACME_DIRECTORY: pebble.directory, ACME_EMAIL: 'admin@camping.test' } });
  apps = {
    dashboard: await buildApp({ database: t.deps.database, env: t.deps.env, distDir: dist('dashboard') }, t.deps),
    guest: await buildApp({ database: t.deps.database, env: t.deps.env, distDir: dist('guest') }, t.deps),
  };
  servers = await startHttps({ ...t.deps.env, DOMAIN }, t.deps, apps);
  certificates = servers.certificates;
}, 120_000);

afterAll(async () => {
  await servers?.close();
  await Promise.allSettled([apps?.dashboard.close(), apps?.guest.close()]);
  await t?.close();
  await pebble?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('HTTPS on its own (issue 34)', () => {
  it('obtains one certificate for both names from the ACME server and serves each app on its name', async () => {
    const dashboard = await get(DOMAIN, ports.https, '/');
    expect(dashboard.status).toBe(200);
    expect(dashboard.body).toContain('<p>dashboard</p>');
    expect(dashboard.cert.subjectaltname).toBe(`DNS:${DOMAIN}, DNS:${GUEST_DOMAIN}`);
    const guest = await get(GUEST_DOMAIN, ports.https, '/');
    expect(guest.body).toContain('<p>guest</p>');
    expect(guest.cert.fingerprint256).toBe(dashboard.cert.fingerprint256);
    expect(servers.guestUrl).toBe(`https://${GUEST_DOMAIN}:${ports.https}`);
    // the links mailed to guests name the HTTPS address
    const { guestBase } = await import('../lib/guest-url');
    expect(guestBase(t.deps)).toBe(`https://${GUEST_DOMAIN}:${ports.https}`);
    // kept in the database, where another instance reads it
    const [row] = await t.deps.db.select().from(tlsCertificates);
    expect(row.names).toBe(`${DOMAIN},${GUEST_DOMAIN}`);
    expect(row.notAfter).toBe(Math.floor(new Date(dashboard.cert.valid_to).getTime() / 1000));
    // and its days left in the metrics
    const days = Math.floor((row.notAfter - t.deps.now()) / 86_400);
    const metrics = (await t.get('/metrics')).body;
    expect(metrics).toContain(`campsite_certificate_days_left{domain="${DOMAIN}"} ${days}`);
    expect(metrics).toContain(`campsite_certificate_days_left{domain="${GUEST_DOMAIN}"} ${days}`);
  });

  it('sends HSTS over HTTPS only, and a Secure session cookie', async () => {
    const health = await get(DOMAIN, ports.https, '/api/health');
    expect(health.headers['strict-transport-security']).toBe('max-age=31536000');
    expect((await t.get('/api/health')).headers['strict-transport-security']).toBeUndefined();
    const password = 'motdepasse-test';
    const { username } = await t.signIn();
    const login = await get(DOMAIN, ports.https, '/api/dashboard/users/login', {
      method: 'POST',
      body: JSON.stringify({ login: username, password }),
      headers: { 'content-type': 'application/json', origin: `https://${DOMAIN}:${ports.https}` },
    });
    expect(login.status).toBe(200);
    expect(String(login.headers['set-cookie'])).toMatch(/; Secure/);
  });

  it('sends plain HTTP to HTTPS on the same name, and answers only the challenges it holds', async () => {
    const plain = (host: string, path: string) =>
      new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
        plainRequest({ host: '127.0.0.1', port: ports.http, path, headers: { host } }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c)).on('end', () => resolve({ status: res.statusCode!, location: res.headers.location, body }));
        })
          .on('error', reject)
          .end();
      });
    expect(await plain(GUEST_DOMAIN, '/fr/accueil?x=1')).toMatchObject({ status: 301, location: `https://${GUEST_DOMAIN}:${ports.https}/fr/accueil?x=1` });
    // any other name asked goes to the dashboard's: the server redirects only to its own names
    expect(await plain('evil.example', '/a%00b/<x>')).toMatchObject({ status: 301, location: `https://${DOMAIN}:${ports.https}/a%00b/%3Cx%3E` });
    expect(await plain(DOMAIN, '/.well-known/acme-challenge/unknown-token')).toMatchObject({ status: 404 });
    await t.deps.database.exec("INSERT INTO acme_challenges VALUES ('tok_1', 'tok_1.thumb', 0)");
    expect(await plain(DOMAIN, '/.well-known/acme-challenge/tok_1')).toMatchObject({ status: 200, body: 'tok_1.thumb' });
  });

  it('renews without a restart and without a dropped request, and another instance serves the new certificate', async () => {
    const before = (await get(DOMAIN, ports.https, '/api/health')).cert.fingerprint256;
    // a second instance on the same database: its own servers, its own certificate source
    const other = { https: await freePort(), http: await freePort() };
    const otherEnv = readEnv({ ...process.env, SEED: 'none', DATA_DIR: '.tmp/test-data', LOG_LEVEL: 'error', DOMAIN, GUEST_DOMAIN, HTTPS_PORT: String(other.https), HTTP_PORT: String(other.http), ACME_DIRECTORY: pebble.directory });
    const otherCerts = acmeCertificates({ db: t.deps.db, acme: { directory: pebble.directory }, names: [DOMAIN, GUEST_DOMAIN], now: t.deps.now, say: () => {}, warn: () => {} });
    const otherServers = await serveHttps({ env: { ...otherEnv, DOMAIN }, db: t.deps.db, certificates: otherCerts, dashboard: apps.dashboard, guest: apps.guest });
    try {
      await otherCerts.check();
      expect((await get(DOMAIN, other.https, '/api/health')).cert.fingerprint256).toBe(before);

      // requests on kept-alive and new connections all the while the certificate is renewed
      const agent = new Agent({ keepAlive: true, maxSockets: 4, ca: root });
      let stop = false;
      const statuses: number[] = [];
      const load = Promise.all(
        [agent, undefined, agent, undefined].map(async (a) => {
          while (!stop) statuses.push((await get(GUEST_DOMAIN, ports.https, '/api/health', { agent: a })).status);
        }),
      );
      await certificates.check({ force: true });
      stop = true;
      await load;
      agent.destroy();
      expect(statuses.length).toBeGreaterThan(4);
      expect(new Set(statuses)).toEqual(new Set([200]));

      const after = (await get(DOMAIN, ports.https, '/api/health')).cert.fingerprint256;
      expect(after).not.toBe(before);
      // the other instance ordered nothing: it reads the renewed one at its next check
      expect((await get(DOMAIN, other.https, '/api/health')).cert.fingerprint256).toBe(before);
      await otherCerts.check();
      expect((await get(DOMAIN, other.https, '/api/health')).cert.fingerprint256).toBe(after);
    } finally {
      await otherServers.close();
    }
  }, 60_000);

  it('orders once when two instances find no certificate at the same time', async () => {
    await t.deps.database.exec('DELETE FROM tls_certificates');
    const names = ['solo.camping.test'];
    const orders: string[] = [];
    const make = () => acmeCertificates({ db: t.deps.db, acme: { directory: pebble.directory }, names, now: t.deps.now, say: (l) => orders.push(l), warn: (l) => orders.push(l) });
    const [a, b] = [make(), make()];
    try {
      await Promise.all([a.check(), b.check()]);
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatch(/^ {2}Certificat HTTPS obtenu pour solo\.camping\.test, valable jusqu'au \d\d\/\d\d\/\d{4}\.$/);
      await Promise.all([a.check(), b.check()]);
      expect(a.current()?.cert).toMatch(/^-----BEGIN CERTIFICATE-----/);
      expect(b.current()?.cert).toBe(a.current()?.cert);
      expect(b.daysLeft()).toEqual([{ domain: 'solo.camping.test', daysLeft: expect.any(Number) }]);
    } finally {
      a.stop();
      b.stop();
    }
  });

  it("serves the campsite's own certificate files (TLS_CERT/TLS_KEY) and takes new files without a restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'https-files-'));
    dirs.push(dir);
    const make = (cn: string) => execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '30', '-subj', `/CN=${cn}`, '-addext', `subjectAltName=DNS:${DOMAIN}`, '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    make('first');
    const port = { https: await freePort(), http: await freePort(), guest: await freePort() };
    const env = readEnv({ SEED: 'none', DATA_DIR: '.tmp/test-data', DOMAIN, TLS_CERT: join(dir, 'cert.pem'), TLS_KEY: join(dir, 'key.pem'), HTTPS_PORT: String(port.https), HTTP_PORT: String(port.http), GUEST_PORT: String(port.guest) });
    const files = certificatesFor(env, t.deps);
    await files.check();
    const served = await serveHttps({ env: { ...env, DOMAIN }, db: t.deps.db, certificates: files, dashboard: apps.dashboard, guest: apps.guest });
    try {
      const own = (port: number) =>
        new Promise<PeerCertificate>((resolve, reject) => {
          request({ host: '127.0.0.1', port, servername: DOMAIN, rejectUnauthorized: false, agent: false }, (res) => {
            resolve((res.socket as TLSSocket).getPeerCertificate());
            res.resume();
          })
            .on('error', reject)
            .end();
        });
      expect((await own(port.https)).subject.CN).toBe('first');
      // without GUEST_DOMAIN the guest app is served over HTTPS on GUEST_PORT of DOMAIN
      expect((await own(port.guest)).subject.CN).toBe('first');
      expect(served.guestUrl).toBe(`https://${DOMAIN}:${port.guest}`);
      make('second');
      await files.check();
      expect((await own(port.https)).subject.CN).toBe('second');
    } finally {
      await served.close();
    }
  });
});
