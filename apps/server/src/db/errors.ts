/** What PostgreSQL (server or PGlite) said, under Drizzle's wrapper (whose message holds the query and its parameters). */
export interface PgError {
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
}

export function pgErrorOf(err: unknown): PgError | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, severity } = e as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && typeof severity === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgError;
  }
  return undefined;
}

/**
 * What a log or a job's last error may keep of an error: never Drizzle's message (the query and its
 * parameters: password hashes, e-mail addresses) nor PostgreSQL's detail (which quotes values), only
 * the SQLSTATE and the names of the constraint, table and column.
 */
export function safeErrorMessage(err: unknown): string {
  const pg = pgErrorOf(err);
  if (pg) return `database error ${pg.code}${pg.constraint ? ` (${pg.constraint})` : ''}${pg.table ? ` on ${pg.table}` : ''}${pg.column ? `.${pg.column}` : ''}`;
  if (err instanceof Error && err.message.startsWith('Failed query:')) return 'database query failed';
  return err instanceof Error ? err.message : String(err);
}

/** The error as a log may hold it: its safe message and its stack frames (the first line of a stack is the message). */
export function safeErrorForLog(err: unknown) {
  const stack = err instanceof Error ? (err.stack ?? '').split('\n').filter((l) => l.startsWith('    at ')).slice(0, 12).join('\n') : '';
  const pg = pgErrorOf(err);
  return { type: pg ? 'DatabaseError' : err instanceof Error ? err.name : typeof err, code: pg?.code ?? (err as { code?: unknown })?.code, message: safeErrorMessage(err), stack };
}
