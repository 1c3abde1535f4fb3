import { createSocket } from 'node:dgram';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The ports a test hands to a server it starts, chosen below Linux's ephemeral range (32768–60999): a port
 * the system gave a probe listening on 0 is also one it gives to the next outgoing connection (a database
 * client, a browser's request), which took it more than once before the server listened (EADDRINUSE, in CI).
 * Checked free on every address (the servers listen on 0.0.0.0 or 127.0.0.1), and for UDP too when asked (a
 * DNS stand-in).
 *
 * A free port stays free until the server started with it listens, seconds later on a loaded machine, and
 * test files run side by side: a random pick alone was once handed to two files in one CI run. So each port
 * handed out is also claimed by a file created exclusively in a folder every test process shares; a claim
 * older than three hours is an earlier run's, and is taken over.
 */
const LOW = 20_000;
const HIGH = 32_000;
const CLAIMS = join(tmpdir(), 'campsite-test-ports');
const STALE_MS = 3 * 3600_000;

const tcpFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '0.0.0.0', () => s.close(() => resolve(true)));
  });

const udpFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const u = createSocket('udp4');
    u.once('error', () => resolve(false));
    u.bind(port, '127.0.0.1', () => u.close(() => resolve(true)));
  });

function claim(port: number): boolean {
  const file = join(CLAIMS, String(port));
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    try {
      if (Date.now() - statSync(file).mtimeMs < STALE_MS) return false;
      writeFileSync(file, String(process.pid));
      return true;
    } catch {
      return false;
    }
  }
}

export async function freePort(opts: { udp?: boolean } = {}): Promise<number> {
  mkdirSync(CLAIMS, { recursive: true });
  for (;;) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (!claim(port)) continue;
    if ((await tcpFree(port)) && (!opts.udp || (await udpFree(port)))) return port;
  }
}
