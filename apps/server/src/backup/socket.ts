import { chmodSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join, resolve } from 'node:path';
import type { BackupFile } from './files';

/**
 * `npm run backup` while the server runs on the embedded database: the command cannot open the data
 * directory (PGlite has one process; the server holds its lock), so it asks the server, through a socket
 * in the data directory that only its owner may open (0600), and prints the steps the server sends back.
 * Lines: the command sends `backup`; the server answers `step <sentence>`… then `done <path>` or
 * `error <sentence>`.
 */
export const backupSocket = (dataDir: string) => join(resolve(dataDir), 'backup.sock');

export function serveBackups(dataDir: string, run: (onStep: (sentence: string) => void) => Promise<BackupFile>): Promise<Server> {
  const path = backupSocket(dataDir);
  // the data directory's lock is held by this server: a socket file left there is a dead server's
  rmSync(path, { force: true });
  const server = createServer((socket) => {
    socket.setEncoding('utf8');
    let asked = '';
    socket.on('error', () => {});
    socket.on('data', (chunk: string) => {
      asked += chunk;
      if (!asked.includes('\n')) return;
      if (asked.trim() !== 'backup') return void socket.end('error Demande inconnue.\n');
      const line = (text: string) => socket.writable && socket.write(`${text.replaceAll('\n', ' ')}\n`);
      run((sentence) => line(`step ${sentence}`)).then(
        (file) => socket.end(`done ${file.path}\n`),
        (err: Error) => socket.end(`error ${err.message.replaceAll('\n', ' ')}\n`),
      );
    });
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(path, () => {
      chmodSync(path, 0o600);
      done(server.unref());
    });
  });
}

/** The command's side: asks the running server for a backup; answers the file's path. */
export function requestBackup(dataDir: string, onStep: (sentence: string) => void): Promise<string> {
  return new Promise((done, fail) => {
    const socket = createConnection(backupSocket(dataDir), () => socket.write('backup\n'));
    socket.setEncoding('utf8');
    let buffer = '';
    let result: string | undefined;
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let cut;
      while ((cut = buffer.indexOf('\n')) >= 0) {
        const [word, ...rest] = buffer.slice(0, cut).split(' ');
        buffer = buffer.slice(cut + 1);
        const text = rest.join(' ');
        if (word === 'step') onStep(text);
        else if (word === 'done') result = text;
        else if (word === 'error') fail(new Error(text));
      }
    });
    socket.on('error', (err) =>
      fail(new Error(`Le serveur qui utilise ${resolve(dataDir)} ne répond pas sur ${backupSocket(dataDir)} (${err.message}).`, { cause: err })),
    );
    socket.on('close', () => (result ? done(result) : fail(new Error('Le serveur a fermé la connexion avant la fin de la sauvegarde.'))));
  });
}
