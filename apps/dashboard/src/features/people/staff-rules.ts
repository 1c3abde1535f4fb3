import type { DashboardUser, Permissions } from '@campsite/shared';
import { PERMISSIONS } from '@campsite/shared';

/**
 * Whether `me` may change another member's password, e-mail or identifier: the server's rule
 * (users.service `assertMayChange`), so that the screen offers only what will be accepted. A super user,
 * or a holder of the users flag who holds every flag of that account, which is not a super user's.
 */
export function mayChangeCredentials(me: Pick<DashboardUser, '_id' | 'permissions'>, target: { _id: string; permissions: Permissions }): boolean {
  if (me.permissions.super === 1) return true;
  if (me._id === target._id) return false; // one's own account: the personal settings, with the current password
  if (me.permissions.users !== 1 || target.permissions.super === 1) return false;
  return PERMISSIONS.every((k) => target.permissions[k] !== 1 || me.permissions[k] === 1);
}
