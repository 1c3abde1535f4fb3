import { sql } from 'drizzle-orm';
import type { Tx } from './client';

/** The channel on which every committed write to a watched table is announced (migration 0008_perf). */
export const CHANGES_CHANNEL = 'campsite_changed';

/**
 * Tables whose writes change nothing that a cached answer sends: bookkeeping written on every request or
 * visit, jobs, and the people and e-mail areas (clients, stays, guest accounts, templates, campaigns),
 * which imports and campaigns write by the thousand rows. A new table is watched unless it is named here;
 * name it only when no public read (`access: 'public'`, GET) reads it: changes.test.ts runs every public
 * read as a database role that may not read these tables, and fails on the first that does.
 */
export const UNWATCHED_TABLES = [
  '_migrations', 'sessions', 'login_attempts', 'visit_logs', 'push_subscriptions', 'webapp_tokens', 'jobs', 'imports', 'import_parts',
  'clients', 'stays', 'webapp_users', 'dashboard_users', 'email_templates', 'email_campaigns', 'email_recipients', 'prestay_emails',
  'file_variants', 'audit_log', 'throttle_hits', 'login_known', 'email_contacts',
  // issue 21: a send writes one row per device as the push services answer
  'notification_templates', 'notification_sends', 'notification_deliveries',
  // issue 25: the visitor hashes' salt of the day (written by the day's first visit) and the statistics' rollup
  'stats_salts', 'stats_days', 'stats_day_screens', 'stats_summary_recipients',
  // issue 25: guest messages (a row per message, read only by the guest and staff sessions) and deposits
  'conversations', 'chat_messages', 'deposits',
  // issue 33: the failures staff marked as seen on the to-do list (read by staff sessions only)
  'today_dismissed',
];

const TRIGGERS = ['campsite_written', 'campsite_updated', 'campsite_truncated'];
/** names of earlier versions, removed */
const OLD_TRIGGERS = ['campsite_changed', 'campsite_changed_truncate'];

/**
 * Attaches the change triggers to every watched table that lacks them (and removes them from unwatched
 * ones). An UPDATE that leaves the row as it was (a job's bookkeeping written again) announces nothing:
 * rows are compared as jsonb, which every column type has (a row compared as a record needs an equality
 * for each column, which json lacks, and would make every UPDATE of such a table fail).
 */
export async function watchTables(tx: Tx) {
  const { rows } = (await tx.execute(sql`
    SELECT c.relname AS name,
      coalesce((SELECT array_agg(t.tgname::text) FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname LIKE 'campsite_%'), '{}') AS triggers
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')`)) as unknown as { rows: { name: string; triggers: string[] }[] };
  const fn = sql.raw('EXECUTE FUNCTION campsite_changed()');
  for (const { name, triggers } of rows) {
    const table = sql.identifier(name);
    const wanted = !UNWATCHED_TABLES.includes(name);
    for (const old of triggers.filter((t) => OLD_TRIGGERS.includes(t) || (!wanted && TRIGGERS.includes(t)))) {
      await tx.execute(sql`DROP TRIGGER ${sql.identifier(old)} ON ${table}`);
    }
    if (!wanted) continue;
    if (!triggers.includes('campsite_written')) await tx.execute(sql`CREATE TRIGGER campsite_written AFTER INSERT OR DELETE ON ${table} FOR EACH ROW ${fn}`);
    if (!triggers.includes('campsite_updated')) {
      await tx.execute(sql`CREATE TRIGGER campsite_updated AFTER UPDATE ON ${table} FOR EACH ROW WHEN (to_jsonb(OLD) IS DISTINCT FROM to_jsonb(NEW)) ${fn}`);
    }
    if (!triggers.includes('campsite_truncated')) await tx.execute(sql`CREATE TRIGGER campsite_truncated AFTER TRUNCATE ON ${table} FOR EACH STATEMENT ${fn}`);
  }
}
