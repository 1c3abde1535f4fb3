import { statSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

const locked = (dir: string, pid: string) =>
  new DataDirLockedError(
    `Le dossier de données ${dir} est déjà utilisé par un autre serveur (processus ${pid}). ` +
      "Arrêtez-le avant d'en démarrer un second, ou choisissez un autre DATA_DIR.",
  );

/**
 * PGlite has no lock between processes: two servers on one data directory would overwrite each other's
 * pages and lose data without a word. The lock is a listening socket, which the kernel closes when its
 * process ends however it ends (kill -9 included), so a crash never leaves a lock behind, and which
 * answers with its owner's pid when asked:
 * - on Linux an abstract socket named after the directory (device, inode, birth time): taken atomically, gone
 *   with its process, nothing on disk; it is seen within one network namespace;
 * - everywhere a socket file in the directory (`server.sock`), seen from every container that mounts
 *   it: one that nobody answers on any more is a dead server's, and is replaced.
 * A pid file could not tell a dead server from a live process that got its number (in a container the
 * new server often gets the pid of the one that died).
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const held: Server[] = [];
  const release = async () => {
    for (const server of held.splice(0)) await new Promise<void>((done) => server.close(() => done()));
  };
  try {
    if (process.platform === 'linux') {
      // and its birth time: a directory removed while a process still held it, and a new one given its
      // inode, is another directory (temporary directories come and go by the hundred in the tests)
      const { dev, ino, birthtimeMs } = statSync(dir);
      const name = `\0campsite-data-${dev}-${ino}-${Math.round(birthtimeMs * 1000)}`;
      const server = await bind(name);
      if (!server) throw locked(dir, (await ownerOf(name)) ?? '?');
      held.push(server);
    }
    const file = join(dir, 'server.sock');
    // a socket path is limited to about 100 bytes; past it, the abstract socket above is the lock
    if (Buffer.byteLength(file) < 100) {
      let server = await bind(file);
      if (!server) {
        const owner = await ownerOf(file);
        if (owner) throw locked(dir, owner);
        unlinkSync(file);
        server = await bind(file);
        if (!server) throw locked(dir, (await ownerOf(file)) ?? '?');
      }
      held.push(server);
    }
    return release;
  } catch (err) {
    await release();
    throw err;
  }
}

/** A server listening on this socket, answering its pid; null when the address is taken. */
function bind(address: string): Promise<Server | null> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.end(String(process.pid)));
    server.once('error', (err: NodeJS.ErrnoException) => (err.code === 'EADDRINUSE' ? resolve(null) : reject(err)));
    // it must not keep a process alive on its own (a test that forgot to close its database)
    server.listen(address, () => resolve(server.unref()));
  });
}

/** The pid the owner of this socket answers ('?' when it accepts but is slow), or null when nobody listens any more. */
function ownerOf(address: string): Promise<string | null> {
  return new Promise((resolve) => {
    let answer = '';
    let connected = false;
    const socket = createConnection(address, () => (connected = true));
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', () => {});
    socket.on('close', () => resolve(connected ? answer || '?' : null));
  });
}
