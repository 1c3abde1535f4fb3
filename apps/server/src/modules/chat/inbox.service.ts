import { CHAT, type ChatMessageDoc, type ConversationDoc, type DashboardUser, type ParsedBody, type ParsedQuery } from '@campsite/shared';
import type { chat as calls } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { HttpError, badRequest } from '../../http/errors';
import { newId } from '../../lib/ids';
import { messageDoc, titled } from './chat.service';
import * as repo from './chat.repository';
import * as inbox from './inbox.repository';

/** The inbox reception lives in (issue 33; docs/messages.md): views, assignment, internal notes. */

export async function list(deps: Deps, user: DashboardUser, q: ParsedQuery<typeof calls.list>) {
  const [page, counts] = await Promise.all([inbox.inboxPage(deps.db, q, user._id), inbox.viewCounts(deps.db, q, user._id)]);
  const total = page.total ?? (q.assignee === 'me' ? counts.mine : q.assignee === 'none' ? counts.unassigned : counts.all);
  return { rows: page.rows.map(titled), total, unread: page.unread ?? (await repo.unreadCount(deps.db)), counts, page: q.page, per_page: q.per_page };
}

export async function team(deps: Deps) {
  return { members: await inbox.members(deps.db), translation: deps.env.TRANSLATION };
}

/**
 * An internal line (a note, an assignment) in a conversation the caller locked: it takes the next seq, so
 * every staff stream has it live, but it changes nothing of the conversation's summary (last message,
 * unread states) and never reaches the guest (the guest's reads and stream leave `internal` lines out).
 */
async function writeInternal(tx: Tx, row: Omit<Parameters<typeof repo.insertMessage>[1], 'internal'>) {
  if (row.clientKey) {
    const existing = await repo.messageIdByKey(tx, row.conversationId, row.clientKey);
    if (existing) return existing;
  }
  await repo.lockWriters(tx);
  const seq = (await repo.insertMessage(tx, { ...row, internal: true }))!;
  await repo.notifyChat(tx, `m:${seq}`);
  return row.id;
}

/** An internal note: staff read it, the guest never (no push, no e-mail, no guest read or stream). */
export async function note(deps: Deps, user: DashboardUser, body: ParsedBody<typeof calls.note>): Promise<ChatMessageDoc | false> {
  const id = await deps.db.transaction(async (tx) => {
    const conv = await repo.lockConversation(tx, body.conversation);
    if (!conv) return null;
    return writeInternal(tx, { id: newId(), conversationId: conv.id, author: 'staff', staffId: user._id, name: user.firstname, body: body.message, clientKey: body.key, createdTime: deps.now() });
  });
  return id ? messageDoc(deps, id) : false;
}

/**
 * Gives the conversation to a staff member with the emails flag, or to nobody. `from` is who held it as the
 * caller saw it: the row is locked, so of two members assigning at once the first wins and the second is
 * told who has it now (409), on one instance or several. A line says so in the thread (staff only).
 */
export async function assign(deps: Deps, user: DashboardUser, body: ParsedBody<typeof calls.assign>): Promise<ConversationDoc | false> {
  const done = await deps.db.transaction(async (tx) => {
    const conv = await repo.lockConversation(tx, body.conversation);
    if (!conv) return false;
    if ((conv.assigneeId ?? null) !== body.from) throw new HttpError(409, CHAT.assignedMeanwhile(conv.assigneeId ? await inbox.staffName(tx, conv.assigneeId) : null));
    if ((conv.assigneeId ?? null) === body.member) return true;
    const [member] = body.member ? await inbox.members(tx, body.member) : [null];
    if (body.member && !member) throw badRequest(CHAT.assigneeNoAccess, { member: CHAT.assigneeNoAccess });
    const now = deps.now();
    await inbox.setAssignee(tx, conv.id, body.member, now);
    await writeInternal(tx, {
      id: newId(),
      conversationId: conv.id,
      author: 'system',
      event: member ? 'assigned' : 'unassigned',
      staffId: user._id,
      name: `${user.firstname} ${user.lastname}`.trim(),
      body: member?.name ?? '',
      clientKey: null,
      createdTime: now,
    });
    return true;
  });
  if (!done) return false;
  return titled((await repo.staffConversation(deps.db, body.conversation))!);
}
