import { randomBytes } from 'node:crypto';
import type { Deps } from '../http/deps';
import { lockScope } from '../db/locks';
import { newId } from '../lib/ids';
import { hashPassword } from '../lib/passwords';
import { countUsers, insertUser } from '../modules/users/users.repository';
import { PERMISSIONS, type Permissions } from '@campsite/shared';
import { seedSettings } from './settings';
import { seedBooklet } from './booklet';
import { seedActivities } from './activities';
import { seedAppearance } from './appearance';
import { seedPeople } from './people';
import { seedNotifications } from './notifications';
import { seedServices } from './services';
import { seedInventories } from './inventories';
import { seedReviews } from './reviews';
import { seedDeposits } from './deposits';
import { seedStatistics } from './statistics';
import { seedChat } from './chat';

export type { SeedContext } from './context';
import type { SeedContext } from './context';

/** Each area adds its demo content here, in order (a later area may use what an earlier one made). */
export const demoSeeders: ((ctx: SeedContext) => Promise<void>)[] = [seedSettings, seedBooklet, seedActivities, seedAppearance, seedPeople, seedNotifications, seedServices, seedInventories, seedReviews, seedDeposits, seedStatistics, seedChat];

export const ALL_PERMISSIONS = Object.fromEntries(PERMISSIONS.map((p) => [p, 1])) as Permissions;

/**
 * On the first start (no staff account yet): the super account 'admin', and with SEED=demo a demo
 * campsite. Returns the generated password when none was given, to be printed once.
 */
export async function firstStart(deps: Deps): Promise<{ created: boolean; password?: string }> {
  if ((await countUsers(deps.db)) > 0) return { created: false };
  const given = deps.env.ADMIN_PASSWORD;
  const password = given ?? randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(password);
  // two instances starting at once on a new database: the second waits for the first, then finds its admin
  const created = await deps.db.transaction(async (tx) => {
    await lockScope(tx, 'first-start');
    if ((await countUsers(tx)) > 0) return false;
    const now = deps.now();
    const adminId = newId();
    await insertUser(tx, {
      id: adminId,
      lastname: 'Administrateur',
      firstname: 'Super',
      email: 'admin@camping.local',
      username: 'admin',
      passwordHash,
      avatar: null,
      permissions: ALL_PERMISSIONS,
      createdTime: now,
      editedTime: now,
    });
    if (deps.env.SEED === 'demo') for (const seed of demoSeeders) await seed({ tx, deps, adminId, now });
    return true;
  });
  if (!created) return { created: false };
  return { created: true, password: given ? undefined : password };
}
