// `npm run upgrade:previous -- <commit>`: remakes the kept database of the previous landed version
// (previous/: version.json, season.sql.gz, reads.json) from that commit. Run it at each release with the
// commit that landed last (docs/conventions.md, 'Migrations and rolling upgrades'); it takes a few minutes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync, constants } from 'node:zlib';
import { kill9, run } from '../testing/processes';
import { ACCOUNTS, PREVIOUS, previousServer, ROOT, type PreviousVersion } from './previous';
import { httpSend, walkReads } from './reads';
import { generateSeason } from './season';
import { shrinkImages } from './shrink';
import { freePort, waitForLine } from './testing';

const say = (line: string) => console.log(`  ${line}`);

async function main() {
  const given = process.argv[2];
  if (!given) throw new Error('Give the commit of the previous landed version: npm run upgrade:previous -- <commit>');
  const commit = execFileSync('git', ['-C', ROOT, 'rev-parse', `${given}^{commit}`], { encoding: 'utf8' }).trim();
  const landed = execFileSync('git', ['-C', ROOT, 'log', '-1', '--format=%cI', commit], { encoding: 'utf8' }).trim();
  const migrations = execFileSync('git', ['-C', ROOT, 'ls-tree', '--name-only', `${commit}:apps/server/drizzle`], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => f.endsWith('.sql'))
    .sort();
  say(`previous version ${commit.slice(0, 12)} (${landed}), ${migrations.length} migrations`);
  const { dir, main: server } = await previousServer(commit);
  say(`its server built in ${dir}`);

  const work = mkdtempSync(join(tmpdir(), 'campsite-previous-'));
  const env = {
    DATA_DIR: join(work, 'data'),
    BACKUP_DIR: join(work, 'backups'),
    PORT: String(await freePort()),
    GUEST_PORT: String(await freePort()),
    HOST: '127.0.0.1',
    SEED: 'demo',
    ADMIN_PASSWORD: ACCOUNTS.admin.password,
    SWIKLY: 'simulator',
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'warn',
    CLOCK_OFFSET_FILE: join(work, 'clock'),
    DATABASE_URL: undefined,
    SMTP_URL: undefined,
  };
  const previous = run(process.execPath, [server], env);
  try {
    // (a new data directory: initdb and the demo, minutes on a loaded machine)
    await waitForLine(previous, /^ {2}Tableau de bord : /, 600);
    const base = `http://127.0.0.1:${env.PORT}`;
    say(`its server answers on ${base}, with its demo`);
    const counts = await generateSeason({
      base,
      adminPassword: ACCOUNTS.admin.password,
      dataDir: env.DATA_DIR,
      demoGuestPassword: 'vacances-2025',
      clockFile: env.CLOCK_OFFSET_FILE,
      log: say,
    });
    say(`season: ${JSON.stringify(counts)}`);
    await jobsDone(base);

    // its own backup command, which asks the running server (its format is what a campsite's backups are)
    const backup = run(process.execPath, ['--import', 'tsx', join(dir, 'apps/server/src/backup/cli.ts'), 'backup'], env);
    if ((await backup.exited) !== 0) throw new Error(`its backup failed: ${backup.output()}`);
    // the server's time (its clock moved on by the season): the clock of the reads, and of the tests that compare them
    const made = Math.floor(Date.now() / 1000) + Number(readFileSync(env.CLOCK_OFFSET_FILE, 'utf8'));
    const reads = await walkReads(httpSend(base), ACCOUNTS, made);
    say(`${Object.keys(reads).length} reads recorded`);

    const [file] = readdirSync(env.BACKUP_DIR).filter((f) => f.endsWith('.sql.gz'));
    const text = gunzipSync(readFileSync(join(env.BACKUP_DIR, file))).toString('utf8');
    // the demo's photos made small (the rest as the version wrote it): the kept file stays small in the history
    const small = await shrinkImages(text);
    const bytes = gzipSync(Buffer.from(small, 'utf8'), { level: constants.Z_BEST_COMPRESSION });
    writeFileSync(join(PREVIOUS, 'season.sql.gz'), bytes);
    writeFileSync(join(PREVIOUS, 'reads.json'), `${JSON.stringify({ made, reads }, null, 1)}\n`);
    const version: PreviousVersion = { commit, landed, made, migrations };
    writeFileSync(join(PREVIOUS, 'version.json'), `${JSON.stringify(version, null, 2)}\n`);
    say(`previous/season.sql.gz: ${Math.round(bytes.length / 1024)} Ko (${Math.round(Buffer.byteLength(small) / 1024)} Ko of SQL); previous/reads.json, previous/version.json written`);
  } finally {
    await kill9(previous.child);
    rmSync(work, { recursive: true, force: true });
  }
}

/** Waits until the job queue has nothing due (the season's mails and imports sent) on the server's metrics. */
async function jobsDone(base: string) {
  for (let i = 0; i < 600; i++) {
    const metrics = await (await fetch(`${base}/metrics`)).text();
    const busy = metrics.split('\n').filter((l) => /^campsite_jobs_(waiting|running)\{/.test(l) && !l.endsWith(' 0'));
    if (!busy.length) return;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error('the job queue did not empty in five minutes');
}

main().then(
  () => process.exit(0),
  (err: Error) => {
    console.error(err);
    process.exit(1);
  },
);
