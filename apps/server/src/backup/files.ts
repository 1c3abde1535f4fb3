import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** A backup in BACKUP_DIR: one plain SQL dump, gzipped, named by its time (UTC). */
export interface BackupFile {
  name: string;
  path: string;
  /** epoch seconds, from the name */
  at: number;
  bytes: number;
}

const NAME = /^campsite-(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})(\d{2})Z\.sql\.gz$/;

/** `campsite-2026-11-27T030000Z.sql.gz`: sorts by time, and says it in the file's name. */
export function backupName(at: number): string {
  const iso = new Date(at * 1000).toISOString();
  return `campsite-${iso.slice(0, 10)}T${iso.slice(11, 19).replaceAll(':', '')}Z.sql.gz`;
}

export function timeOfName(name: string): number | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  return Date.UTC(y, mo - 1, d, h, mi, s) / 1000;
}

/** The backups of the folder, newest first (other files, and one being written, are not backups). */
export function listBackups(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const list: BackupFile[] = [];
  for (const name of names) {
    const at = timeOfName(name);
    if (at === null) continue;
    const path = join(dir, name);
    list.push({ name, path, at, bytes: statSync(path).size });
  }
  return list.sort((a, b) => b.at - a.at);
}

/**
 * What a retention of `daily` days and `weekly` weeks keeps, as restic's `--keep-daily --keep-weekly`: the
 * newest backup of each of the `daily` most recent days that have one, and the newest of each of the
 * `weekly` most recent weeks (ISO weeks, Monday to Sunday, UTC) that have one. A day missed (the machine
 * off) does not shorten what is kept. The rest may go.
 */
export function kept(backups: BackupFile[], daily: number, weekly: number): Set<string> {
  const keep = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const b of [...backups].sort((x, y) => y.at - x.at)) {
    const day = new Date(b.at * 1000).toISOString().slice(0, 10);
    const week = mondayOf(b.at);
    if (!days.has(day)) {
      if (days.size < daily) keep.add(b.name);
      days.add(day);
    }
    if (!weeks.has(week)) {
      if (weeks.size < weekly) keep.add(b.name);
      weeks.add(week);
    }
  }
  return keep;
}

/** The week of a time, named by its Monday (UTC). */
function mondayOf(at: number): string {
  const d = new Date(at * 1000);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7))).toISOString().slice(0, 10);
}
