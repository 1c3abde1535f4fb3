import { readdir, stat, statfs } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What the disk says, in the words of a campsite's staff: a backup that the file system refused (no room,
 * no right, no folder) says why in French on the super's screen and the console, not Node's `ENOSPC: no
 * space left on device, write`; and an embedded backup that would fill the disk is refused before it
 * writes anything.
 */
export function diskReason(err: unknown, folder: string): string | null {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const where = `${folder} (BACKUP_DIR)`;
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return `Plus de place sur le disque de ${where} : la sauvegarde n'a pas pu être écrite. Libérez de la place, ou choisissez un BACKUP_DIR sur un autre disque.`;
    case 'EACCES':
    case 'EPERM':
      return `Le serveur n'a pas le droit d'écrire dans ${where} : donnez ce dossier à l'utilisateur du serveur (chown), ou choisissez un autre BACKUP_DIR.`;
    case 'EROFS':
      return `Le disque de ${where} est en lecture seule : choisissez un BACKUP_DIR sur un disque où le serveur peut écrire.`;
    case 'ENOENT':
      return `Le dossier ${where} a disparu pendant la sauvegarde : vérifiez qu'il existe (ou que son disque est monté), puis recommencez.`;
    case 'ENOTDIR':
    case 'EEXIST':
      return `${where} n'est pas un dossier (un fichier porte ce nom, ou celui d'un dossier au-dessus) : BACKUP_DIR doit nommer un dossier.`;
    default:
      return null;
  }
}

/** Bytes of the files under `dir` (their length: a sparse file counts whole, as a copy may write it whole). */
export async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await folderBytes(path);
    else if (entry.isFile()) total += (await stat(path)).size;
  }
  return total;
}

/** Bytes that this process may still write on the disk of `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const fs = await statfs(dir);
  return fs.bavail * fs.bsize;
}

/** 1,2 Go, 350 Mo, 12 Ko. */
export function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} Ko`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} Mo`;
  return `${(bytes / 1024 ** 3).toFixed(1).replace('.', ',')} Go`;
}

/**
 * An embedded backup copies the database's files into BACKUP_DIR, then writes the dump beside the copy:
 * it needs the database's size again, and the backup's own (as large as the newest one, or a tenth of the
 * database for a first). Answers the French refusal when the disk lacks it, or null.
 */
export async function roomRefusal(folder: string, databaseBytes: number, newestBackupBytes: number | undefined): Promise<string | null> {
  const needed = databaseBytes + (newestBackupBytes ?? Math.ceil(databaseBytes / 10));
  const free = await freeBytes(folder);
  if (free >= needed) return null;
  return (
    `Pas assez de place dans ${folder} (BACKUP_DIR) pour sauvegarder : il faut ${sizeText(needed)} libres le temps de la sauvegarde ` +
    `(une copie de la base intégrée, ${sizeText(databaseBytes)}, puis la sauvegarde elle-même), il en reste ${sizeText(free)}. ` +
    'Libérez de la place, ou choisissez un BACKUP_DIR sur un autre disque.'
  );
}
