import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ChatMember } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { readRows } from '../../db/rows';
import { chatMessages, conversations } from '../../db/schema';
import { STAFF_DOC, type DocRow } from './chat.repository';

/** The inbox's views and assignment (issue 33; docs/messages.md). */

export interface InboxFilter {
  status?: 'open' | 'closed';
  assignee?: 'me' | 'none';
  stay?: string;
}

/** The conditions of a view for who asks (`me`), as an SQL WHERE (or nothing). */
function where(f: InboxFilter, me: string, withAssignee: boolean) {
  const parts = [
    f.status ? sql`c.status = ${f.status}` : null,
    f.stay ? sql`u.stay_number = ${f.stay}` : null,
    withAssignee && f.assignee === 'me' ? sql`c.assignee_id = ${me}` : null,
    withAssignee && f.assignee === 'none' ? sql`c.assignee_id IS NULL` : null,
  ].filter((p) => p !== null);
  return parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``;
}

/** The inbox: one page, last written first, with its total and the unread count, in one statement. */
export async function inboxPage(db: Tx, q: InboxFilter & { page: number; per_page: number; order: 'asc' | 'desc' }, me: string) {
  const dir = q.order === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await readRows<DocRow & { total: number; unread_all: number }>(
    db,
    sql`SELECT ${STAFF_DOC}, count(*) OVER () AS total,
        (SELECT count(*) FROM conversations x WHERE x.last_guest_seq > x.staff_read_seq) AS unread_all
      FROM conversations c JOIN webapp_users u ON u.id = c.guest_id ${where(q, me, true)}
      ORDER BY c.last_time ${dir}, c.id ${dir} LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`,
  );
  return { rows: rows.map(({ total: _t, unread_all: _u, ...doc }) => doc), total: rows.length ? Number(rows[0].total) : null, unread: rows.length ? Number(rows[0].unread_all) : null };
}

/** The three views' counts (mine, unassigned, all) for the status and stay asked, in one scan. */
export async function viewCounts(db: Tx, f: InboxFilter, me: string) {
  const [row] = await readRows<{ mine: number; unassigned: number; all: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE c.assignee_id = ${me}) AS mine, count(*) FILTER (WHERE c.assignee_id IS NULL) AS unassigned, count(*) AS "all"
      FROM conversations c ${f.stay ? sql`JOIN webapp_users u ON u.id = c.guest_id` : sql``} ${where(f, me, false)}`,
  );
  return { mine: Number(row.mine), unassigned: Number(row.unassigned), all: Number(row.all) };
}

/** Staff who may be given a conversation: the emails flag (000: 'Messagerie'), by name. */
export function members(db: Tx, id?: string) {
  return readRows<ChatMember>(
    db,
    sql`SELECT d.id AS "_id", trim(d.firstname || ' ' || d.lastname) AS name FROM dashboard_users d
      WHERE d.permissions->>'emails' = '1' ${id ? sql`AND d.id = ${id}` : sql``} ORDER BY lower(d.firstname), lower(d.lastname), d.id LIMIT 500`,
  );
}

/** A staff member's name, whatever their flags (who holds a conversation, said in a refusal). */
export async function staffName(db: Tx, id: string) {
  const [row] = await readRows<{ name: string }>(db, sql`SELECT trim(firstname || ' ' || lastname) AS name FROM dashboard_users WHERE id = ${id}`);
  return row?.name ?? null;
}

export async function setAssignee(tx: Tx, id: string, assigneeId: string | null, now: number) {
  await tx.update(conversations).set({ assigneeId, assignedTime: assigneeId ? now : null }).where(eq(conversations.id, id));
}

/** A staff message's push (the send planned for it), shown on the conversation. */
export async function setPush(tx: Tx, messageId: string, sendId: string) {
  await tx.update(chatMessages).set({ pushSendId: sendId }).where(eq(chatMessages.id, messageId));
}

/** The unread e-mail went: staff's answers it covers (unread, not mailed yet) are dated with it. */
export async function setMailed(tx: Tx, conversationId: string, now: number) {
  await tx
    .update(chatMessages)
    .set({ mailTime: now })
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.author, 'staff'), eq(chatMessages.internal, false), isNull(chatMessages.mailTime), isNull(chatMessages.readTime)));
}
