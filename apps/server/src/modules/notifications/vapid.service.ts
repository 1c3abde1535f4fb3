import type { Deps } from '../../http/deps';
import { newVapidKeys, type VapidKeys } from '../../integrations/webpush/push';
import * as repo from './notifications.repository';

/**
 * The key pair, made on the first use and kept in the database: the first instance's insert wins and
 * every instance then reads the same pair (a subscription is bound to the public key it was made with).
 */
export async function vapidKeys(deps: Deps): Promise<VapidKeys> {
  const row = await repo.readConfig(deps.db);
  if (row) return row;
  const made = newVapidKeys();
  await repo.insertConfigIfMissing(deps.db, { ...made, editedTime: deps.now() });
  return (await repo.readConfig(deps.db))!;
}

