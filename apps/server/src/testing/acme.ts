import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { connect } from 'node:net';
import { freePort as freePortOf } from './ports';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * An ACME server on this machine for the HTTPS tests (issue 34): Debian's `pebble`, Let's Encrypt's own test
 * server, with `pebble-challtestsrv` as its DNS (every name is 127.0.0.1), so that a certificate for
 * camping.test is issued only after pebble has really fetched the HTTP-01 answer from our server on
 * `httpPort`. Pebble's own HTTPS listener uses a certificate made here (caFile: NODE_EXTRA_CA_CERTS of the
 * process that talks to it); the certificates it issues chain to a root made at each start (issuingRoot()).
 */
export interface AcmeServer {
  /** the ACME directory (ACME_DIRECTORY) */
  directory: string;
  /** the certificate of pebble's own HTTPS listener, a PEM file (NODE_EXTRA_CA_CERTS) */
  caFile: string;
  /** the same, as text (for a client in this process: Node reads NODE_EXTRA_CA_CERTS only when it starts) */
  ca: string;
  /** the root that signs the issued certificates (PEM), to trust in a client or a browser */
  issuingRoot(): Promise<string>;
  stop(): Promise<void>;
}

/** A port free for TCP and UDP (the mock DNS listens on both). */
export const freePort = () => freePortOf({ udp: true });

/** Whether something accepts TCP connections on 127.0.0.1:port (the mock DNS answers on TCP too). */
function listens(port: number) {
  return new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/** GET over HTTPS trusting `ca` only; answers the status and the body. */
function get(url: string, ca: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, { ca, timeout: 5000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('timeout', () => req.destroy(new Error(`${url}: no answer`)));
    req.on('error', reject);
    req.end();
  });
}

/** A self-signed certificate for 127.0.0.1 and localhost (pebble's listener), by the openssl CLI. */
function listenerCertificate(dir: string) {
  const cert = join(dir, 'listener-cert.pem');
  const key = join(dir, 'listener-key.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '2',
      '-subj', '/CN=pebble test listener', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/**
 * Starts the mock DNS, then pebble validating HTTP-01 on `httpPort`; resolves once pebble answers.
 * `validitySeconds`: how long the issued certificates last (pebble's default is five years; a renewal test
 * wants certificates that are soon due).
 */
export async function startAcme({ httpPort, validitySeconds }: { httpPort: number; validitySeconds?: number }): Promise<AcmeServer> {
  const dir = mkdtempSync(join(tmpdir(), 'campsite-acme-'));
  const { cert, key } = listenerCertificate(dir);
  const ca = readFileSync(cert, 'utf8');
  const [dnsPort, dnsManagement, acmePort, managementPort, tlsPort] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
  writeFileSync(
    join(dir, 'pebble-config.json'),
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${acmePort}`,
        managementListenAddress: `127.0.0.1:${managementPort}`,
        certificate: cert,
        privateKey: key,
        httpPort,
        // TLS-ALPN-01 is not used: a port nobody listens on
        tlsPort,
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
        ...(validitySeconds ? { certificateValidityPeriod: validitySeconds } : {}),
      },
    }),
  );

  const children: ChildProcess[] = [];
  let output = '';
  const start = (command: string, args: string[], env: Record<string, string> = {}) => {
    // its own process group: stop() ends it with whatever it started
    const child = spawn(command, args, { cwd: dir, detached: true, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (c: Buffer) => (output = (output + c.toString()).slice(-20_000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    children.push(child);
    return child;
  };
  const killAll = () => {
    for (const child of children) {
      try {
        if (alive(child)) process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  // a test process that ends without stop() (a failure in beforeAll) leaves nothing behind
  process.on('exit', killAll);

  // the DNS only, every A query answered 127.0.0.1 and no AAAA (the server under test listens on IPv4)
  start('/usr/bin/pebble-challtestsrv', [
    '-dns01', `127.0.0.1:${dnsPort}`, '-http01', '', '-https01', '', '-tlsalpn01', '',
    '-management', `127.0.0.1:${dnsManagement}`, '-defaultIPv4', '127.0.0.1', '-defaultIPv6', '',
  ]);
  // no random waits before a validation; no valid nonce refused at random (5% by default: a run that
  // depends on the client's retry of badNonce would pass or fail by chance)
  start('/usr/bin/pebble', ['-config', join(dir, 'pebble-config.json'), '-dnsserver', `127.0.0.1:${dnsPort}`, '-strict=false'], {
    PEBBLE_VA_NOSLEEP: '1',
    PEBBLE_WFE_NONCEREJECT: '0',
  });

  const directory = `https://127.0.0.1:${acmePort}/dir`;
  const stop = async () => {
    killAll();
    process.off('exit', killAll);
    for (let i = 0; i < 100 && children.some(alive); i++) await new Promise((r) => setTimeout(r, 50));
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    const ready = await get(directory, ca).then((r) => r.status === 200, () => false);
    if (ready && (await listens(dnsPort))) break;
    if (i > 200 || children.some((c) => !alive(c))) {
      await stop();
      throw new Error(`pebble did not start (${directory}):\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    directory,
    caFile: cert,
    ca,
    async issuingRoot() {
      const { status, body } = await get(`https://127.0.0.1:${managementPort}/roots/0`, ca);
      if (status !== 200) throw new Error(`pebble's root: ${status} ${body}`);
      return body;
    },
    stop,
  };
}
