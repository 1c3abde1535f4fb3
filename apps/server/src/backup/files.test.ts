import { describe, expect, it } from 'vitest';
import { backupName, kept, timeOfName, type BackupFile } from './files';

const at = (iso: string) => Date.parse(iso) / 1000;
const file = (iso: string): BackupFile => ({ name: backupName(at(iso)), path: '', at: at(iso), bytes: 1 });

describe('backup files', () => {
  it('names a backup by its UTC time, and reads the time back', () => {
    expect(backupName(at('2026-11-27T03:00:00Z'))).toBe('campsite-2026-11-27T030000Z.sql.gz');
    expect(timeOfName('campsite-2026-11-27T030000Z.sql.gz')).toBe(at('2026-11-27T03:00:00Z'));
    expect(timeOfName('.campsite-2026-11-27T030000Z.sql.gz.partial')).toBeNull();
    expect(timeOfName('notes.txt')).toBeNull();
  });

  it('keeps the newest of each of the last 7 days and of each of the last 4 weeks', () => {
    // a nightly backup every day for 60 days (Friday 2026-11-27 the newest), and two more on the newest day
    const nightly = Array.from({ length: 60 }, (_, i) => file(new Date(at('2026-11-27T03:00:00Z') * 1000 - i * 86400000).toISOString()));
    const manual = [file('2026-11-27T10:00:00Z'), file('2026-11-27T15:30:00Z')];
    const keep = kept([...nightly, ...manual], 7, 4);
    expect([...keep].sort()).toEqual(
      [
        // the days: the 27th's newest (the manual one at 15:30), then the 26th to the 21st
        'campsite-2026-11-27T153000Z.sql.gz',
        'campsite-2026-11-26T030000Z.sql.gz',
        'campsite-2026-11-25T030000Z.sql.gz',
        'campsite-2026-11-24T030000Z.sql.gz',
        'campsite-2026-11-23T030000Z.sql.gz',
        'campsite-2026-11-22T030000Z.sql.gz',
        'campsite-2026-11-21T030000Z.sql.gz',
        // the weeks (Monday to Sunday): this week's newest is the 27th's, then each earlier week's Sunday (the
        // 22nd's is one of the days already)
        'campsite-2026-11-15T030000Z.sql.gz',
        'campsite-2026-11-08T030000Z.sql.gz',
      ].sort(),
    );
  });

  it('does not shorten what it keeps when nights were missed', () => {
    const backups = ['2026-11-27', '2026-11-20', '2026-11-02', '2026-10-01', '2026-09-01'].map((d) => file(`${d}T03:00:00Z`));
    expect(kept(backups, 7, 4).size).toBe(5);
    expect(kept(backups, 2, 0)).toEqual(new Set([backups[0].name, backups[1].name]));
  });
});
