import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Tx } from './client';
import { keptPlans } from './embedded/embedded';

/** What readRows uses of drizzle: its SQL builder and its session (the same on PGlite and pg). */
interface Internals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: boolean,
    ): { execute(values?: Record<string, unknown>): Promise<{ rows: unknown[] }> };
  };
}

/**
 * The rows of a read as PostgreSQL names its columns: the SQL names them as the contract does, so no row
 * is mapped (drizzle's mapping of a page of 50 cards cost more than the page's queries).
 *
 * `lookup`: a statement whose shape never changes with what a user typed (rows by key): it is then named
 * and prepared, so that each pooled connection parses it once and PostgreSQL may keep one plan for it
 * instead of planning it on every call (planning took a third of such a statement's time). A statement
 * with filters must not be: a plan made once for any value does not see that 'lef%' walks an index, and a
 * kept plan scanned the whole table. A lookup's text must not grow with the data either (a list of keys
 * goes as one array parameter, `= ANY(...)`), or each connection would keep one statement per length.
 * The embedded database keeps a lookup's plan too (embedded.ts, keptPlans).
 */
export async function readRows<T>(db: Tx, query: SQL, lookup = false): Promise<T[]> {
  const { dialect, session } = db as unknown as Internals;
  const built = dialect.sqlToQuery(query);
  const name = lookup ? lookupName(built.sql) : undefined;
  return (await session.prepareQuery(built, undefined, name, false).execute()).rows as T[];
}

/** A lookup's statement name, by its text; its plan is kept on the embedded database too. */
function lookupName(text: string) {
  keptPlans.add(text);
  return `r_${createHash('sha1').update(text).digest('base64url')}`;
}

/**
 * A lookup of readRows's kind built once, with placeholders (`sql.placeholder`), then run with its values:
 * drizzle builds a SQL template's text anew at every call, and a guest's booking did so three times while it
 * held the embedded database's one session (docs/performance.md, round nine). Sent when called.
 */
export function rowsOnce<T>(query: () => SQL) {
  let built: { sql: string; params: unknown[]; name: string } | undefined;
  return async (db: Tx, values: Record<string, unknown>): Promise<T[]> => {
    const { dialect, session } = db as unknown as Internals;
    if (!built) {
      const { sql, params } = dialect.sqlToQuery(query());
      built = { sql, params, name: lookupName(sql) };
    }
    return (await session.prepareQuery(built, undefined, built.name, false).execute(values)).rows as T[];
  };
}

/** A json or jsonb value as a read answers it: parsed by the driver, or as its text (json_agg's on some paths). */
export const jsonValue = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * A drizzle statement prepared with a name (`.prepare(name)`), as a lookup (see readRows): PostgreSQL keeps it
 * parsed on each connection and may keep one plan for it; the embedded database keeps its plan too. Its text
 * must be the same at every call (the name stands for it).
 */
export function lookupStatement<P extends { getQuery(): { sql: string } }>(prepared: P): P {
  keptPlans.add(prepared.getQuery().sql);
  return prepared;
}

type Runnable<T> = { execute(values?: Record<string, unknown>): Promise<T>; getQuery(): { sql: string } };

/**
 * A drizzle statement prepared once per driver, with placeholders (`sql.placeholder`), then run with its
 * values on any database or transaction: drizzle builds a select of two whole tables in about 0.3 ms, as long
 * as the embedded database takes to run it, and a guest's booking waits for that in the one session
 * (docs/performance.md, round eight). Sent when called. A lookup (lookupStatement), named by the
 * `.prepare(name)` that `prepare` ends with.
 */
export function preparedOnce<T>(prepare: (db: Tx) => Runnable<T>) {
  const made = new Map<object, Runnable<T>>();
  return (db: Tx, values: Record<string, unknown>): Promise<T> => {
    const session = (db as unknown as { session: { client: unknown } }).session;
    const driver = Object.getPrototypeOf(session) as object;
    let statement = made.get(driver);
    if (!statement) made.set(driver, (statement = lookupStatement(prepare(db))));
    // the same statement on this database's connection (or transaction)
    const here = Object.assign(Object.create(Object.getPrototypeOf(statement) as object) as Runnable<T>, statement, { client: session.client });
    return here.execute(values);
  };
}
