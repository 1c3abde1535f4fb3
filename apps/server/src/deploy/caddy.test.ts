import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORE } from '@campsite/shared';
import { startPostgresCluster, type PostgresCluster } from '../testing/postgres-cluster';
import { run, stopAll } from '../testing/processes';
import { freePort, waitForLine } from '../upgrade/testing';
import { serverMain } from '../testing/server-main';

/**
 * Issue 34, "the Caddy example serves both instances": deploy/Caddyfile, the very file a campsite copies, run
 * by Debian's caddy in front of two server processes (main.ts, as `npm start`) on one PostgreSQL database.
 * The file is adapted only through its environment placeholders: the names, the instances' ports, and
 * CADDY_OPTIONS (Caddy's own authority instead of Let's Encrypt, ports of the test's own). The client trusts
 * that authority's root, read from Caddy's data folder (nothing is added to the machine's trusted ones).
 * Two processes cannot share the embedded database: the file starts its own PostgreSQL cluster whatever
 * TEST_DATABASE_URL says (vitest.config.ts, OWN_DATABASE), as the outage tests do.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const DASHBOARD = 'gestion.camping.test';
const GUEST = 'app.camping.test';
const ADMIN_PASSWORD = 'caddy-test-pass';
/** The visitors' addresses: Linux answers on all of 127.0.0.0/8, so a test client can be two machines. */
const VISITOR = '127.0.0.5';
const OTHER_VISITOR = '127.0.0.6';

let cluster: PostgresCluster;
let url: string;
const work = mkdtempSync(join(tmpdir(), 'campsite-caddy-'));
let httpsPort: number;
let httpPort: number;
let rootCa: string;
const instances: { version: string; port: number; guestPort: number; process: ReturnType<typeof run> }[] = [];

beforeAll(async () => {
  cluster = await startPostgresCluster();
  url = await cluster.createDatabase('caddy');
  [httpsPort, httpPort] = [await freePort(), await freePort()];
  // one after the other: the first migrates the new database and creates the admin, the second finds both done
  for (const version of ['instance-1', 'instance-2']) {
    const [port, guestPort] = [await freePort(), await freePort()];
    instances.push({ version, port, guestPort, process: await startInstance(url, version, port, guestPort) });
  }
  const caddy = run('/usr/bin/caddy', ['run', '--config', join(ROOT, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], {
    XDG_DATA_HOME: join(work, 'caddy-data'),
    XDG_CONFIG_HOME: join(work, 'caddy-config'),
    CADDY_OPTIONS: ['local_certs', 'skip_install_trust', 'admin off', `http_port ${httpPort}`, `https_port ${httpsPort}`].join('\n'),
    DASHBOARD_HOST: DASHBOARD,
    GUEST_HOST: GUEST,
    DASHBOARD_1: `127.0.0.1:${instances[0].port}`,
    DASHBOARD_2: `127.0.0.1:${instances[1].port}`,
    GUEST_1: `127.0.0.1:${instances[0].guestPort}`,
    GUEST_2: `127.0.0.1:${instances[1].guestPort}`,
  });
  // Caddy makes its authority, then the names' certificates, then serves them
  const root = join(work, 'caddy-data/caddy/pki/authorities/local/root.crt');
  for (let i = 0; ; i++) {
    if (caddy.child.exitCode !== null || i > 300) throw new Error(`Caddy did not serve: ${caddy.output()}`);
    if (existsSync(root)) {
      rootCa = readFileSync(root, 'utf8');
      const answered = await Promise.all([DASHBOARD, GUEST].map((name) => send(name, 'api/health').then((r) => r.status === 200, () => false)));
      if (answered.every(Boolean)) break;
    }
    await new Promise((done) => setTimeout(done, 100));
  }
}, 240_000);

/** A server process as `npm start` runs it, set as the Caddyfile's heading tells a campsite. */
async function startInstance(url: string, version: string, port: number, guestPort: number) {
  const process = run(globalThis.process.execPath, [serverMain()], {
    DATABASE_URL: url,
    PORT: String(port),
    GUEST_PORT: String(guestPort),
    HOST: '127.0.0.1',
    TRUST_PROXY: '127.0.0.1',
    GUEST_URL: `https://${GUEST}:${httpsPort}`,
    NODE_ENV: 'production',
    // the instances are told apart by the version /api/health answers (as during a rolling upgrade)
    APP_VERSION: version,
    SEED: 'none',
    ADMIN_PASSWORD,
    DATA_DIR: join(work, version),
    JOBS: 'off',
    LOG_LEVEL: 'error',
  });
  await waitForLine(process, /^ {2}Tableau de bord : /, 120);
  return process;
}

afterAll(async () => {
  await stopAll();
  await cluster?.destroy();
  rmSync(work, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}
interface Ask {
  /** sent as JSON in a POST */
  body?: unknown;
  headers?: Record<string, string>;
  /** the address the request leaves from (the visitor's machine) */
  from?: string;
}

/** A request through Caddy to `https://<name>:<port>/<path>`, trusting Caddy's authority only. */
function send(name: string, path: string, ask: Ask = {}): Promise<Answer> {
  const body = ask.body === undefined ? undefined : JSON.stringify(ask.body);
  return answer(
    httpsRequest({
      host: '127.0.0.1',
      port: httpsPort,
      servername: name,
      ca: rootCa,
      agent: false,
      localAddress: ask.from,
      method: body ? 'POST' : 'GET',
      path: `/${path}`,
      headers: { host: `${name}:${httpsPort}`, ...(body ? { 'content-type': 'application/json' } : {}), ...ask.headers },
    }),
    body,
  );
}

/** A request on plain HTTP to `port` of 127.0.0.1 (Caddy's HTTP port, or an instance itself). */
function plain(port: number, path: string, ask: Ask & { host?: string } = {}): Promise<Answer> {
  const body = ask.body === undefined ? undefined : JSON.stringify(ask.body);
  return answer(
    httpRequest({
      host: '127.0.0.1',
      port,
      agent: false,
      localAddress: ask.from,
      method: body ? 'POST' : 'GET',
      path: `/${path}`,
      headers: { ...(ask.host ? { host: ask.host } : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...ask.headers },
    }),
    body,
  );
}

function answer(req: ReturnType<typeof httpRequest>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const versionOf = async (name: string) => {
  const res = await send(name, 'api/health');
  expect(res.status).toBe(200);
  return (JSON.parse(res.text) as { version: string }).version;
};
const signIn = async () => {
  const res = await send(DASHBOARD, 'api/dashboard/users/login', { body: { login: 'admin', password: ADMIN_PASSWORD } });
  expect(res.status).toBe(200);
  return res.headers['set-cookie']![0];
};
const cookieOf = (setCookie: string) => setCookie.split(';')[0];
const userOf = async (cookie: string) => JSON.parse((await send(DASHBOARD, 'api/dashboard/users/session', { headers: { cookie } })).text) as false | { username: string };

describe('deploy/Caddyfile in front of two instances', () => {
  it('is, without the test’s environment, the production setup of the guide: the example names, Let’s Encrypt on 80 and 443, the instances of docs/production.md', () => {
    const adapted = spawnSync('/usr/bin/caddy', ['adapt', '--config', join(ROOT, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], { encoding: 'utf8', env: { PATH: process.env.PATH } });
    expect(adapted.status, adapted.stderr).toBe(0);
    const config = JSON.parse(adapted.stdout) as { admin?: unknown; apps: { tls?: { automation?: unknown }; http: { http_port?: number; https_port?: number; servers: Record<string, { listen: string[]; routes: unknown[] }> } } };
    // no global option changed: Caddy's defaults, ACME (Let's Encrypt) for every name, ports 80 and 443
    expect([config.admin, config.apps.tls, config.apps.http.http_port, config.apps.http.https_port]).toEqual([undefined, undefined, undefined, undefined]);
    const [server] = Object.values(config.apps.http.servers);
    expect(server.listen).toEqual([':443']);
    const text = JSON.stringify(server.routes);
    const upstreams = [...text.matchAll(/"dial":"([^"]+)"/g)].map((m) => m[1]);
    expect(upstreams).toEqual(['127.0.0.1:3000', '127.0.0.1:3010', '127.0.0.1:3001', '127.0.0.1:3011']);
    expect([...text.matchAll(/"host":\["([^"]+)"\]/g)].map((m) => m[1])).toEqual(['gestion.camping.example', 'app.camping.example']);
  });

  it("serves both names over HTTPS with a certificate of Caddy's authority, the requests taking turns between the instances", async () => {
    for (const name of [DASHBOARD, GUEST]) {
      const versions = [];
      for (let i = 0; i < 4; i++) versions.push(await versionOf(name));
      expect(new Set(versions)).toEqual(new Set(['instance-1', 'instance-2']));
      expect(versions[0]).not.toBe(versions[1]);
      expect(versions.slice(2)).toEqual(versions.slice(0, 2));
    }
    // plain HTTP is sent to HTTPS (on 443: Caddy names no port, whatever the test's own)
    const redirected = await plain(httpPort, 'connexion?x=1', { host: DASHBOARD });
    expect([redirected.status, redirected.headers.location]).toEqual([308, `https://${DASHBOARD}/connexion?x=1`]);
    // the metrics stay on the machine (Prometheus reads an instance directly)
    expect((await send(DASHBOARD, 'metrics')).status).toBe(404);
    expect((await send(GUEST, 'metrics')).status).toBe(404);
  });

  it('gives a Secure session cookie, and a session made on one instance serves through the other', async () => {
    // two sign-ins in a row: round robin sends one to each instance
    const [first, second] = [await signIn(), await signIn()];
    for (const setCookie of [first, second]) {
      expect(setCookie).toMatch(/^session-dashboard=/);
      expect(setCookie.split('; ')).toEqual(expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Strict']));
    }
    // HTTPS as the instances believe it from Caddy (TRUST_PROXY): HSTS on their answers
    expect((await send(DASHBOARD, 'api/health')).headers['strict-transport-security']).toBe('max-age=31536000');
    for (const cookie of [first, second].map(cookieOf)) {
      // each read is answered by one instance and the next by the other
      expect(await userOf(cookie)).toMatchObject({ username: 'admin' });
      expect(await userOf(cookie)).toMatchObject({ username: 'admin' });
    }
    // a browser's write (its Origin is the HTTPS name): the instance knows it was asked on that name over HTTPS
    const third = cookieOf(await signIn());
    const out = await send(DASHBOARD, 'api/dashboard/users/logout', { body: {}, headers: { cookie: third, origin: `https://${DASHBOARD}:${httpsPort}` } });
    expect([out.status, out.text]).toEqual([200, 'true']);
    expect([await userOf(third), await userOf(third)]).toEqual([false, false]);
  });

  it("counts sign-in attempts by the visitor's own address: the one Caddy gives, never one a visitor writes", async () => {
    const attempt = (ask: Ask, direct?: number) => {
      const body = { login: 'personne', password: 'mauvais-mot-de-passe' };
      return direct ? plain(direct, 'api/dashboard/users/login', { ...ask, body }) : send(DASHBOARD, 'api/dashboard/users/login', { ...ask, body });
    };
    const refused = (res: Answer) => res.status === 429 && (JSON.parse(res.text) as { message: string }).message === CORE.tooManyAttempts;
    // ten wrong passwords from one visitor, through both instances in turn; the eleventh is refused
    for (let i = 0; i < 10; i++) expect(refused(await attempt({ from: VISITOR }))).toBe(false);
    expect(refused(await attempt({ from: VISITOR }))).toBe(true);
    expect(refused(await attempt({ from: VISITOR }))).toBe(true);
    // another visitor is not (both reach the instances from Caddy's address)
    expect(refused(await attempt({ from: OTHER_VISITOR }))).toBe(false);
    // nor when it writes the first one's address itself: Caddy replaces a visitor's X-Forwarded-For
    expect(refused(await attempt({ from: OTHER_VISITOR, headers: { 'x-forwarded-for': VISITOR } }))).toBe(false);
    // an instance reached without Caddy believes no X-Forwarded-For: its sender is counted
    expect(refused(await attempt({ from: OTHER_VISITOR, headers: { 'x-forwarded-for': VISITOR } }, instances[0].port))).toBe(false);
    expect(refused(await attempt({ from: VISITOR }, instances[1].port))).toBe(true);
  });

  it('passes the live updates through as they are written (server-sent events)', async () => {
    const cookie = cookieOf(await signIn());
    const events = await new Promise<string>((resolve, reject) => {
      const req = httpsRequest({
        host: '127.0.0.1',
        port: httpsPort,
        servername: DASHBOARD,
        ca: rootCa,
        agent: false,
        path: '/api/dashboard/today/stream',
        headers: { host: `${DASHBOARD}:${httpsPort}`, cookie, accept: 'text/event-stream' },
      });
      const timer = setTimeout(() => {
        req.destroy();
        reject(new Error('no event within 10 s'));
      }, 10_000);
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        // the stream stays open: its first event must come through before it ends
        res.on('data', (c: string) => {
          text += c;
          if (!/^event: ready$/m.test(text)) return;
          clearTimeout(timer);
          req.destroy();
          resolve(`${res.statusCode} ${res.headers['content-type']}\n${text}`);
        });
      });
      req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
      req.end();
    });
    expect(events).toMatch(/^200 text\/event-stream; charset=utf-8\n/);
    expect(events).toMatch(/^event: ready$/m);
  });

  it('keeps answering while one instance is stopped for an upgrade, takes it back when it answers again, and survives a crash of the other', { timeout: 300_000 }, async () => {
    // two sign-ins in a row: round robin sends one to each instance
    const sessions = [cookieOf(await signIn()), cookieOf(await signIn())];
    const answerers = async (name: string) => {
      const versions = [];
      for (let i = 0; i < 6; i++) versions.push(await versionOf(name));
      return versions;
    };

    // the first is stopped as systemd stops it (SIGTERM): no request fails, the other answers them all
    const [first, second] = instances;
    first.process.child.kill('SIGTERM');
    await first.process.exited;
    for (const name of [DASHBOARD, GUEST]) expect(await answerers(name)).toEqual(Array(6).fill('instance-2'));
    // both sessions, one of them made on the stopped instance, serve through the other
    for (const cookie of sessions) expect(await userOf(cookie)).toMatchObject({ username: 'admin' });

    // it starts again, upgraded, on the same ports: Caddy's health checks bring it back in turn
    await startInstance(url, 'instance-1-new', first.port, first.guestPort);
    for (const name of [DASHBOARD, GUEST]) {
      for (let i = 0; !(await answerers(name)).includes('instance-1-new'); i++) {
        if (i > 120) throw new Error(`${name}: the restarted instance never answered through Caddy`);
        await new Promise((done) => setTimeout(done, 250));
      }
    }

    // the other crashes (SIGKILL): the restarted one answers everything, the sessions too
    second.process.child.kill('SIGKILL');
    await second.process.exited;
    for (const name of [DASHBOARD, GUEST]) expect(await answerers(name)).toEqual(Array(6).fill('instance-1-new'));
    for (const cookie of sessions) expect(await userOf(cookie)).toMatchObject({ username: 'admin' });
  });
});
