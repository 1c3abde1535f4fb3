import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ENV_NAMES } from './env';

// The service unit a campsite installs (deploy/campsite.service, docs/production.md), read by systemd's own
// checker: Debian's systemd-analyze, which runs without systemd as the machine's init.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const UNIT = readFileSync(join(ROOT, 'deploy/campsite.service'), 'utf8');
const INSTALLED = '/opt/campsite';

/** The values of a key of the unit, in order. */
const values = (key: string) => [...UNIT.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1]);

const dir = mkdtempSync(join(tmpdir(), 'unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** The unit as if the project were installed where this checkout is, so that systemd finds its files. */
function here(): string {
  const path = join(dir, 'campsite.service');
  writeFileSync(path, UNIT.replaceAll(INSTALLED, ROOT));
  return path;
}

describe('deploy/campsite.service', () => {
  it("starts the built server with the project's own Node, and systemd's checker finds nothing to say", () => {
    expect(values('ExecStart')).toEqual([`${INSTALLED}/node_modules/.bin/node --max-semi-space-size=32 --v8-pool-size=1 apps/server/dist/main.js`]);
    expect(values('WorkingDirectory')).toEqual([INSTALLED]);
    // what build.ts writes and npm ci installs: the node package's binary, the bundle's entry
    expect(readFileSync(join(ROOT, 'apps/server/src/build.ts'), 'utf8')).toContain("entryPoints: [join(server, 'src/main.ts')]");
    expect(execFileSync(join(ROOT, 'node_modules/.bin/node'), ['-p', 'process.versions.node'], { encoding: 'utf8' })).toMatch(/^24\./);
    // verify prints each problem on stderr (an unknown key, a program that is not there), some with exit code 0
    const verified = spawnSync('systemd-analyze', ['verify', here()], { encoding: 'utf8' });
    expect({ status: verified.status, said: verified.stdout + verified.stderr }).toEqual({ status: 0, said: '' });
  });

  it('sets only variables the server reads (the README table)', () => {
    const names = values('Environment').map((v) => v.split('=')[0]);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((n) => !ENV_NAMES.includes(n))).toEqual([]);
  });

  it('is hardened: systemd rates its exposure at 2 or less (of 10)', () => {
    const report = execFileSync('systemd-analyze', ['security', '--offline=yes', here()], { encoding: 'utf8' });
    const exposure = Number(/Overall exposure level for campsite\.service: ([\d.]+)/.exec(report)?.[1]);
    expect(exposure).toBeLessThanOrEqual(2);
  });
});
