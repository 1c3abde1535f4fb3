import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, openDatabase } from './client';
import { migrate } from './migrate';

describe('the embedded database', () => {
  it('refuses a second server on the same data directory with a clear message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'camp-'));
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/déjà utilisé par un autre serveur/);
    await first.close();
    // once the first has stopped, the directory opens again, with what was written
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it('applies each migration once', async () => {
    const db = await openDatabase({ memory: true });
    const first = await migrate(db);
    expect(first[0]).toBe('0001_core.sql');
    expect(await migrate(db)).toEqual([]);
    await db.close();
  });
});
