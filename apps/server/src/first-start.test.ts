import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { kill9, run, stopAll } from './testing/processes';
import { serverMain } from './testing/server-main';

afterEach(stopAll);

async function freePort() {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise((done) => probe.close(done));
  return String(port);
}

// the new directory is prepared by a child process (main.ts, prepareInChild): what a newcomer sees must
// not change, the admin password printed once and the server serving that account
it('a first start on a new directory prints the admin password once and serves it; the next start prints none', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'camp-first-'));
  const port = await freePort();
  const env = { DATA_DIR: dir, PORT: port, GUEST_PORT: await freePort(), HOST: '127.0.0.1', SEED: 'none', JOBS: 'off', ADMIN_PASSWORD: undefined };
  const first = run(process.execPath, [serverMain()], env);
  await first.line(/^ {2}Tableau de bord : /);
  const told = [...first.output().matchAll(/mot de passe « (\S+) »/g)].map((m) => m[1]);
  expect(told).toHaveLength(1);
  const [password] = told;
  const login = await fetch(`http://127.0.0.1:${port}/api/dashboard/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'admin', password }),
  });
  expect(login.status).toBe(200);
  await kill9(first.child);

  const again = run(process.execPath, [serverMain()], env);
  await again.line(/^ {2}Tableau de bord : /);
  expect(again.output()).not.toContain('Compte administrateur créé');
}, 300_000);
