import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importParts } from '../../db/schema';
import { testApp, type TestApp } from '../../testing/harness';
import { dropFiles, loadFiles, storeFiles } from './import-parts.repository';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe("an import's files in parts", () => {
  it('come back whole, in order, a surrogate pair at a part boundary and an empty file included', async () => {
    // '😀' is two UTF-16 units: placed across the 256 K boundary, a cut between them would spoil both parts
    const big = `${'a'.repeat(256 * 1024 - 1)}😀${'b'.repeat(300_000)}`;
    const files = [{ label: 'clients', text: big }, { label: 'vide', text: '' }, { label: 'réservations', text: 'N° séjour;Arrivée\r\n1;01/07/2025' }];
    await storeFiles(t.deps.db, 'imp1', files);
    const parts = await t.deps.db.select().from(importParts).where(eq(importParts.importId, 'imp1'));
    // 3 parts for the big file (the pair kept whole in the second), 1 for the empty one, 1 for the last
    expect(parts.length).toBe(5);
    expect(parts.find((p) => p.seq === 0)!.text.length).toBe(256 * 1024 - 1);
    expect(await loadFiles(t.deps.db, 'imp1', files.map((f) => f.label))).toEqual(files);
    await dropFiles(t.deps.db, 'imp1');
    expect(await t.deps.db.select().from(importParts).where(eq(importParts.importId, 'imp1'))).toEqual([]);
  });
});
