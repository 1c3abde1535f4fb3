import { count, countDistinct, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { pushSubscriptions, visitLogs, webappUsers } from '../../db/schema';

/** count: screens viewed; nb_users: distinct visitors; installed: distinct visitors seen in the installed app. */
export async function logsCount(db: Tx) {
  const [all] = await db.select({ count: count(), nb_users: countDistinct(visitLogs.visitor) }).from(visitLogs);
  const [inst] = await db.select({ installed: countDistinct(visitLogs.visitor) }).from(visitLogs).where(eq(visitLogs.installed, true));
  return { installed: inst.installed, nb_users: all.nb_users, count: all.count };
}

export async function countActiveUsers(db: Tx): Promise<number> {
  return (await db.select({ n: count() }).from(webappUsers).where(eq(webappUsers.activate, true)))[0].n;
}

/** Guest accounts that can receive a notification. */
export async function countNotifiable(db: Tx): Promise<number> {
  return (await db.select({ n: countDistinct(pushSubscriptions.userId) }).from(pushSubscriptions).where(isNotNull(pushSubscriptions.userId)))[0].n;
}
