import { and, asc, eq, gte } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { importParts } from '../../db/schema';

/**
 * An import's files, kept until it is done so that a restart resumes it. Stored in parts, one statement
 * each with a turn for the event loop between them: on the embedded PGlite, which runs in the server's
 * thread, one 12 MB value held it about a second (issue 18); a part of 256 K characters some 20 ms.
 */
const PART = 256 * 1024;
/** Parts read per query. */
const READ = 4;

const turn = () => new Promise((r) => setImmediate(r));

export interface StoredFile {
  label: string;
  text: string;
}

export async function storeFiles(tx: Tx, importId: string, files: StoredFile[]) {
  let seq = 0;
  for (const [file, { text }] of files.entries()) {
    // one part at least, so that an empty file comes back as one
    let at = 0;
    do {
      let end = Math.min(at + PART, text.length);
      // never between the two halves of a surrogate pair: each part must be valid text on its own
      const last = text.charCodeAt(end - 1);
      if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
      await tx.insert(importParts).values({ importId, seq: seq++, file, text: text.slice(at, end) });
      at = end;
      await turn();
    } while (at < text.length);
  }
}

/** The files' texts, in the order stored (labels from the import's input). */
export async function loadFiles(db: Tx, importId: string, labels: string[]): Promise<StoredFile[]> {
  const texts: string[][] = labels.map(() => []);
  for (let seq = 0; ; seq += READ) {
    const rows = await db
      .select({ file: importParts.file, text: importParts.text })
      .from(importParts)
      .where(and(eq(importParts.importId, importId), gte(importParts.seq, seq)))
      .orderBy(asc(importParts.seq))
      .limit(READ);
    for (const r of rows) texts[r.file]?.push(r.text);
    if (rows.length < READ) break;
    await turn();
  }
  return labels.map((label, i) => ({ label, text: texts[i].join('') }));
}

export const dropFiles = (db: Tx, importId: string) => db.delete(importParts).where(eq(importParts.importId, importId));
