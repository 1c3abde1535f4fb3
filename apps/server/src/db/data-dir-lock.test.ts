import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { kill9, run, stopAll } from '../testing/processes';
import { DataDirLockedError, openDatabase } from './client';
import { serverMain } from '../testing/server-main';

const here = dirname(fileURLToPath(import.meta.url));
const holder = join(here, '../testing/hold-data-dir.ts');
afterEach(stopAll);

/** The holder in a new PID namespace, as in a container: it is pid 1 there. */
const inContainer = (dir: string) => run('unshare', ['-pf', '--mount-proc', process.execPath, '--import', 'tsx', holder, dir]);

describe('the data directory lock', () => {
  it('dies with its process: after kill -9 in a container, the next server (given the same pid) starts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'camp-lock-'));
    const first = inContainer(dir);
    expect(await first.line(/^(prêt|refusé)/)).toBe('prêt 1');
    // held from another pid namespace: this process is refused
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    await kill9(first.child);
    const second = inContainer(dir);
    expect(await second.line(/^(prêt|refusé)/)).toBe('prêt 1');
    await kill9(second.child);
    const here = await openDatabase({ dataDir: dir });
    await here.close();
  }, 120_000);

  it('refuses a second server while the first runs, naming its process', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'camp-lock-'));
    const first = run(process.execPath, ['--import', 'tsx', holder, dir]);
    const ready = await first.line(/^(prêt|refusé)/);
    const pid = ready.split(' ')[1];
    const second = run(process.execPath, ['--import', 'tsx', holder, dir]);
    expect(await second.line(/^(prêt|refusé)/)).toMatch(new RegExp(`^refusé .*déjà utilisé par un autre serveur \\(processus ${pid}\\)`));
  }, 120_000);

  it('a start that fails on a busy port gives the directory back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'camp-lock-'));
    const busy = createServer();
    await new Promise<void>((done) => busy.listen(0, '127.0.0.1', done));
    const port = (busy.address() as { port: number }).port;
    try {
      const server = run(process.execPath, [serverMain()], {
        DATA_DIR: dir, PORT: String(port), GUEST_PORT: '0', HOST: '127.0.0.1', SEED: 'none', JOBS: 'off', ADMIN_PASSWORD: 'motdepasse-test',
      });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`Le port ${port} est déjà utilisé par un autre programme`);
      const again = await openDatabase({ dataDir: dir });
      await again.close();
    } finally {
      busy.close();
    }
  }, 120_000);
});
