import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDeps } from '../app';
import { openDatabase, type Database } from '../db/client';
import { EmbeddedPglite } from '../db/embedded/embedded';
import { PGLITE_START_PARAMS } from '../db/embedded/open';
import { readEnv } from '../env';
import { backupNow } from '../modules/backups/public';
import { readLastBackup } from '../modules/backups/backups.settings';
import { pgliteTemplate } from '../testing/harness';
import { diskReason, freeBytes, roomRefusal, sizeText } from './disk';
import { backupName } from './files';

/**
 * Issue 34, backups' leftovers: what the file system refused is said in French (not Node's `ENOSPC: no
 * space left on device`), and an embedded backup that would not fit on the disk is refused before it
 * writes anything.
 */
let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'campsite-disk-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The error Node throws for `act`. */
function errorOf(act: () => void): NodeJS.ErrnoException {
  try {
    act();
  } catch (err) {
    return err as NodeJS.ErrnoException;
  }
  throw new Error('no error');
}

describe("the file system's refusals, in French", () => {
  it('says a full disk, a file where the folder should be, a folder gone', () => {
    const folder = '/srv/sauvegardes';
    // a real full disk: Linux's /dev/full answers every write with ENOSPC
    const full = errorOf(() => writeFileSync('/dev/full', 'x'));
    expect(full.code).toBe('ENOSPC');
    expect(diskReason(full, folder)).toBe(
      "Plus de place sur le disque de /srv/sauvegardes (BACKUP_DIR) : la sauvegarde n'a pas pu être écrite. Libérez de la place, ou choisissez un BACKUP_DIR sur un autre disque.",
    );
    const file = join(work, 'un-fichier');
    writeFileSync(file, '');
    const notDir = errorOf(() => mkdirSync(join(file, 'sous-dossier'), { recursive: true }));
    expect(diskReason(notDir, folder)).toBe(
      "/srv/sauvegardes (BACKUP_DIR) n'est pas un dossier (un fichier porte ce nom, ou celui d'un dossier au-dessus) : BACKUP_DIR doit nommer un dossier.",
    );
    const gone = errorOf(() => writeFileSync(join(work, 'disparu', 'x'), ''));
    expect(diskReason(gone, folder)).toBe(
      "Le dossier /srv/sauvegardes (BACKUP_DIR) a disparu pendant la sauvegarde : vérifiez qu'il existe (ou que son disque est monté), puis recommencez.",
    );
  });

  it('says a refused right and a read-only disk, and leaves other errors as they are', () => {
    // (the tests run as root, whom permissions do not stop: the errors as Node shapes them)
    const errno = (code: string) => Object.assign(new Error(`${code}: refused, open '/srv/sauvegardes/x'`), { code });
    for (const code of ['EACCES', 'EPERM']) {
      expect(diskReason(errno(code), '/srv/sauvegardes')).toBe(
        "Le serveur n'a pas le droit d'écrire dans /srv/sauvegardes (BACKUP_DIR) : donnez ce dossier à l'utilisateur du serveur (chown), ou choisissez un autre BACKUP_DIR.",
      );
    }
    expect(diskReason(errno('EROFS'), '/srv/sauvegardes')).toBe(
      'Le disque de /srv/sauvegardes (BACKUP_DIR) est en lecture seule : choisissez un BACKUP_DIR sur un disque où le serveur peut écrire.',
    );
    expect(diskReason(errno('EDQUOT'), '/srv/sauvegardes')).toMatch(/^Plus de place sur le disque/);
    expect(diskReason(new Error('pg_dump a échoué (code 1) : connexion refusée'), '/srv/sauvegardes')).toBeNull();
  });

  it('writes sizes as the screen does', () => {
    expect([sizeText(512), sizeText(1536 * 1024), sizeText(3.25 * 1024 ** 3)]).toEqual(['1 Ko', '1,5 Mo', '3,3 Go']);
  });
});

describe('an embedded backup without room on the disk', () => {
  let database: Database;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = join(work, 'data');
    mkdirSync(dataDir, { recursive: true });
    // a migrated data directory, from the tests' template (no initdb)
    const made = await EmbeddedPglite.open({ dataDir: join(dataDir, 'pg'), from: await pgliteTemplate(), startParams: PGLITE_START_PARAMS });
    await made.close();
    database = await openDatabase({ dataDir });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('is refused before anything is written, the reason recorded for the super', { timeout: 120_000 }, async () => {
    const dir = join(work, 'backups');
    mkdirSync(dir);
    // the last backup was as large as the whole disk (a sparse file: it takes no room), so this one would
    // be too: the database's copy and that do not fit. (A test that made the database itself that large
    // would fill the disk if the check ever went missing; this one would then only take a small backup.)
    const disk = await statfs(dir);
    const previous = join(dir, backupName(1795748400));
    const file = openSync(previous, 'w');
    ftruncateSync(file, disk.blocks * disk.bsize);
    closeSync(file);
    const deps = makeDeps({ database, env: readEnv({ BACKUP_DIR: dir, DATA_DIR: dataDir, LOG_LEVEL: 'error' }), mailer: { send: async () => {} }, now: () => 1795834800 });
    const failure = await backupNow(deps).catch((err: Error) => err);
    expect((failure as Error).message).toMatch(
      new RegExp(
        `^Pas assez de place dans ${dir.replaceAll('/', '\\/')} \\(BACKUP_DIR\\) pour sauvegarder : il faut [\\d,]+ Go libres le temps de la sauvegarde \\(une copie de la base intégrée, [\\d,]+ Mo, puis la sauvegarde elle-même\\), il en reste [\\d,]+ [KMG]o\\. Libérez de la place, ou choisissez un BACKUP_DIR sur un autre disque\\.$`,
      ),
    );
    // nothing new in the folder: no partial file, no copy of the database
    expect(readdirSync(dir)).toEqual([backupName(1795748400)]);
    expect(await readLastBackup(deps.db)).toEqual({ at: 1795834800, ok: false, error: (failure as Error).message });
  });

  it('answers null when the disk has the room', async () => {
    expect(await roomRefusal(work, 1024, undefined)).toBeNull();
    expect(await roomRefusal(work, (await freeBytes(work)) + 1, undefined)).toMatch(/^Pas assez de place dans /);
  });
});
