import { sql } from 'drizzle-orm';
import type { Tx } from './client';

/**
 * What a write locks when one row is not enough: a rule over several rows (the booklet's names, unique
 * across categories and pages; the orders of categories and home modules; the pages a list holds) or
 * a document that may not exist yet (a configuration entry). Held until the transaction ends, on
 * every instance (PostgreSQL's advisory locks; PGlite runs one transaction at a time anyway).
 *
 * Lock order, to never deadlock: a scope first, then list rows, then page rows.
 */
export type LockScope = 'booklet' | 'modules' | 'first-start' | `config:${string}` | `attempts:${string}`;

/** The two-key form, apart from the one-key lock the migrations take. */
const NAMESPACE = 41_3021;

export async function lockScope(tx: Tx, scope: LockScope) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${NAMESPACE}::integer, hashtext(${scope}))`);
}
