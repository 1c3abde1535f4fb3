import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WalkAccounts } from './reads';
import { SIGNUP_PASSWORD } from './season';

/**
 * The previous landed version's server, built from the repository's history, for the upgrade tests (its
 * database upgraded by this server: upgrade.test.ts; it running on this version's schema: rolling.test.ts)
 * and for `npm run upgrade:previous` (which remakes the kept database from it). docs/conventions.md,
 * 'Migrations and rolling upgrades'.
 *
 * Which version: the commit recorded in previous/version.json, written by `npm run upgrade:previous --
 * <commit>` at each release (a file in the repository: CI's clone of main has it and the commit's history,
 * where a tag might not be fetched).
 *
 * How, cheaply: `git archive` of that commit's server and shared package (a second or two) into
 * .tmp/previous/<commit>, its bundle built by its own build.ts (esbuild, a second or two), run with plain
 * node on this checkout's node_modules, when the packages the server loads at run time are the same in
 * both lock files (they are between most releases); otherwise those packages are installed there from the
 * old lock file (`npm ci --omit=dev`: about a minute, once per version, cached in .tmp).
 */
const here = dirname(fileURLToPath(import.meta.url));
export const ROOT = join(here, '../../../..');
export const PREVIOUS = join(here, 'previous');

export interface PreviousVersion {
  /** the landed commit */
  commit: string;
  /** its date (ISO) */
  landed: string;
  /** when its database (season.sql.gz) was made, epoch seconds: the clock of its reads (reads.json) */
  made: number;
  /** its migrations: what the kept database has applied */
  migrations: string[];
}

/** The accounts of the kept database: the demo's super account (its password given at the first start) and a guest of the season (season.ts). */
export const ACCOUNTS: WalkAccounts = {
  admin: { login: 'admin', password: 'choisi-123' },
  guest: { email: 'saison.30001@exemple.org', password: SIGNUP_PASSWORD },
};

export const previousVersion = (): PreviousVersion => JSON.parse(readFileSync(join(PREVIOUS, 'version.json'), 'utf8'));

const git = (...args: string[]) => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** The server's and shared package's files (and the lock) that make the previous version's server. */
const PARTS = ['apps/server', 'packages/shared', 'package.json', 'package-lock.json', 'tsconfig.base.json'];

/**
 * The previous version's built server: `main` is its bundle (node runs it), `dir` its tree. Made once per
 * commit (other test files wait for the one that makes it).
 */
export async function previousServer(commit = previousVersion().commit): Promise<{ dir: string; main: string; installed: boolean }> {
  const dir = join(ROOT, '.tmp/previous', commit.slice(0, 12));
  const main = join(dir, 'apps/server/dist/main.js');
  const ready = join(dir, '.ready');
  if (existsSync(ready)) return { dir, main, installed: readFileSync(ready, 'utf8') === 'installed' };
  mkdirSync(dirname(dir), { recursive: true });
  const lock = `${dir}.lock`;
  for (let i = 0; ; i++) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch {
      if (existsSync(ready)) return { dir, main, installed: readFileSync(ready, 'utf8') === 'installed' };
      // a lock left by a killed run: taken over after five minutes
      if (i > 3000) rmSync(lock, { force: true });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    if (existsSync(ready)) return { dir, main, installed: readFileSync(ready, 'utf8') === 'installed' };
    try {
      git('cat-file', '-e', `${commit}^{commit}`);
    } catch {
      throw new Error(`The previous version's commit ${commit} is not in this clone's history (a shallow clone?): git fetch --unshallow, or fetch that commit.`);
    }
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const archive = spawnSync('sh', ['-c', `git -C "${ROOT}" archive --format=tar ${commit} ${PARTS.join(' ')} | tar -x -C "${dir}"`], { encoding: 'utf8' });
    if (archive.status !== 0) throw new Error(`git archive of ${commit} failed: ${archive.stderr}`);
    const stale = changedPackages(JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')), JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')));
    if (stale.length === 0) {
      // its own shared package, and this checkout's packages (found further up, in ROOT/node_modules)
      mkdirSync(join(dir, 'node_modules/@campsite'), { recursive: true });
      symlinkSync('../../packages/shared', join(dir, 'node_modules/@campsite/shared'));
      if (existsSync(join(ROOT, 'apps/server/node_modules'))) symlinkSync(join(ROOT, 'apps/server/node_modules'), join(dir, 'apps/server/node_modules'));
    } else {
      // the workspaces' manifests npm asks for, then the old lock's run-time packages
      for (const ws of ['apps/dashboard', 'apps/guest']) {
        mkdirSync(join(dir, ws), { recursive: true });
        writeFileSync(join(dir, ws, 'package.json'), git('show', `${commit}:${ws}/package.json`));
      }
      const npm = spawnSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--workspace=@campsite/server', '--include-workspace-root=false'], {
        cwd: dir,
        encoding: 'utf8',
      });
      if (npm.status !== 0) throw new Error(`npm ci of ${commit}'s packages failed (${stale.slice(0, 5).join(', ')} changed since): ${npm.stderr}`);
    }
    // its own build (esbuild, from this checkout's devDependencies)
    const build = spawnSync(process.execPath, ['--import', 'tsx', join(dir, 'apps/server/src/build.ts')], { cwd: ROOT, encoding: 'utf8' });
    if (build.status !== 0 || !existsSync(main)) throw new Error(`The build of ${commit}'s server failed: ${build.stdout}${build.stderr}`);
    writeFileSync(ready, stale.length ? 'installed' : 'linked');
    return { dir, main, installed: stale.length > 0 };
  } finally {
    rmSync(lock, { force: true });
  }
}

type Lock = { packages: Record<string, { version?: string; integrity?: string; link?: boolean; dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> }> };

/**
 * The packages the previous version's server loads at run time (the server's and shared package's
 * dependencies, and theirs, as npm laid them out) whose version differs in this checkout's lock file, or
 * that this checkout lacks. None: the previous server may run on this checkout's node_modules.
 */
export function changedPackages(old: Lock, current: Lock): string[] {
  const seen = new Set<string>();
  const queue: [string, string][] = [];
  const need = (from: string, deps: Record<string, string> | undefined) => {
    for (const name of Object.keys(deps ?? {})) queue.push([from, name]);
  };
  need('apps/server', old.packages['apps/server']?.dependencies);
  need('packages/shared', old.packages['packages/shared']?.dependencies);
  while (queue.length) {
    const [from, name] = queue.shift()!;
    if (name.startsWith('@campsite/')) continue;
    // Node's lookup: from/node_modules/name, then each folder above
    let path: string | undefined;
    for (let at = from; ; at = parentOf(at)) {
      const candidate = `${at ? `${at}/` : ''}node_modules/${name}`;
      if (old.packages[candidate]) {
        path = candidate;
        break;
      }
      if (!at) break;
    }
    if (!path || seen.has(path)) continue;
    seen.add(path);
    need(path, old.packages[path].dependencies);
    need(path, old.packages[path].optionalDependencies);
  }
  return [...seen].filter((path) => {
    const a = old.packages[path];
    const b = current.packages[path];
    return !b || a.version !== b.version || (a.integrity ?? '') !== (b.integrity ?? '');
  });
}

/** The folder a package's lookup goes to next: 'node_modules/a/node_modules/b' → 'node_modules/a', 'apps/server' → ''. */
function parentOf(path: string): string {
  const cut = path.lastIndexOf('/node_modules/');
  return cut >= 0 ? path.slice(0, cut) : '';
}
