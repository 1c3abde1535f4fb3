import { createSocket } from 'node:dgram';
import { createServer } from 'node:net';

/**
 * The ports a test hands to a server it starts, chosen below Linux's ephemeral range (32768–60999): a port
 * the system gave a probe listening on 0 is also one it gives to the next outgoing connection (a database
 * client, a browser's request), which took it more than once before the server listened (EADDRINUSE, in CI).
 * Chosen at random, so that test files running side by side rarely ask for the same one; checked free on
 * every address (the servers listen on 0.0.0.0 or 127.0.0.1), and for UDP too when asked (a DNS stand-in).
 */
const LOW = 20_000;
const HIGH = 32_000;

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

export async function freePort(opts: { udp?: boolean } = {}): Promise<number> {
  for (;;) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if ((await tcpFree(port)) && (!opts.udp || (await udpFree(port)))) return port;
  }
}
