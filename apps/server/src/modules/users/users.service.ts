import type { DashboardUser, ParsedBody, Permissions } from '@campsite/shared';
import { M, PERMISSIONS, PPL, users } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { badRequest, HttpError, isUniqueViolation } from '../../http/errors';
import { createSession, endOtherSessions } from '../../http/session';
import { newId } from '../../lib/ids';
import { checkPassword, hashPassword, verifyPassword } from '../../lib/passwords';
import { throttled } from './throttle';
import * as repo from './users.repository';

/** The user with a new session token, or false; 429 after too many attempts (`throttled`). */
export async function login(deps: Deps, loginName: string, password: string, ip: string) {
  const row = await throttled(deps, loginName, ip, async () => {
    const found = await repo.findUserByUsername(deps.db, loginName);
    return (await checkPassword(password, found?.passwordHash)) && found ? found : false;
  });
  if (!row) return false as const;
  const session = await createSession(deps, 'dashboard', row.id);
  return { user: repo.toDashboardUser(row), session };
}

/** Only the flags of the spec, as 0 or 1. */
function cleanPermissions(p: Permissions | undefined): Permissions {
  return Object.fromEntries(PERMISSIONS.map((k) => [k, p?.[k] === 1 ? 1 : 0])) as Permissions;
}

const samePermissions = (a: Permissions, b: Permissions) => PERMISSIONS.every((k) => (a[k] === 1 ? 1 : 0) === (b[k] === 1 ? 1 : 0));

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUserRow>>>;

/** What one call changes on an account, for the rules below. */
export interface AccountChange {
  /** new flags (undefined: unchanged) */
  permissions?: Permissions;
  password?: boolean;
  username?: boolean;
  email?: boolean;
}

/**
 * Who may change what on a staff account (every call that edits or removes one goes through here):
 * - another's account needs the users flag (or super);
 * - flags (anyone's, one's own included) change only by a super user;
 * - a super user's identifier, e-mail and password change only by a super user (so that a holder of
 *   the users flag cannot take the super account over).
 * One's own password or identifier also needs the current password: see `assertCurrentPassword`.
 */
export function assertMayChange(actor: DashboardUser, target: Pick<UserRow, 'id' | 'permissions'>, change: AccountChange) {
  const self = actor._id === target.id;
  const isSuper = actor.permissions.super === 1;
  if (!self && actor.permissions.users !== 1 && !isSuper) throw new HttpError(403, M.forbidden);
  if (change.permissions && !samePermissions(change.permissions, target.permissions) && !isSuper) {
    throw new HttpError(403, M.permissionsSuperOnly);
  }
  if (!self && target.permissions.super === 1 && !isSuper && (change.password || change.username || change.email)) {
    throw new HttpError(403, M.superAccountSuperOnly);
  }
}

/** One's own password or identifier changes only with the current password (a session left open is not enough). */
async function assertCurrentPassword(row: UserRow, given: string | undefined) {
  if (!given || !(await verifyPassword(given, row.passwordHash))) {
    throw badRequest(M.currentPasswordNeeded, { current_password: M.wrongPassword });
  }
}

export async function insertUser(deps: Deps, actor: DashboardUser, body: ParsedBody<typeof users.insert>) {
  if (body.permissions && !samePermissions(body.permissions, cleanPermissions(undefined)) && actor.permissions.super !== 1) {
    throw new HttpError(403, M.permissionsSuperOnly);
  }
  const now = deps.now();
  const passwordHash = await hashPassword(body.password);
  return orDuplicate(() =>
    deps.db.transaction(async (tx) => {
      if (await repo.findUserByUsername(tx, body.username)) return 1 as const;
      const row = await repo.insertUser(tx, {
        id: newId(),
        lastname: body.lastname,
        firstname: body.firstname,
        email: body.email,
        username: body.username,
        passwordHash,
        avatar: body.avatar ?? null,
        permissions: cleanPermissions(body.permissions),
        createdTime: now,
        editedTime: now,
      });
      return repo.toDashboardUser(row);
    }),
  );
}

/** Two creations of one username at once: the database's unique index refuses the second, answered 1 like the first check. */
async function orDuplicate<T>(write: () => Promise<T>): Promise<T | 1> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) return 1;
    throw err;
  }
}

/**
 * A staff member edits their own account, or, with the users flag, another's (rules in `assertMayChange`).
 * A new password or identifier ends every other session of that account: one's own session goes on,
 * an account reset by someone else is signed out everywhere.
 */
export async function updateUser(deps: Deps, actor: DashboardUser, body: ParsedBody<typeof users.update>, actorToken: string | undefined) {
  const self = actor._id === body.id;
  if (!self && actor.permissions.users !== 1 && actor.permissions.super !== 1) throw new HttpError(403, M.forbidden);
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  return orDuplicate(() =>
    deps.db.transaction(async (tx) => {
      const row = await repo.lockUserRow(tx, body.id);
      if (!row) return false as const;
      const change: AccountChange = {
        permissions: body.permissions ? cleanPermissions(body.permissions) : undefined,
        password: passwordHash !== undefined,
        username: body.username !== row.username,
        email: body.email !== row.email,
      };
      assertMayChange(actor, row, change);
      if (row.permissions.super === 1 && change.permissions && change.permissions.super !== 1) await assertAnotherSuper(tx, row.id);
      if (self && (change.password || change.username)) await assertCurrentPassword(row, body.current_password);
      const other = change.username ? await repo.findUserByUsername(tx, body.username) : undefined;
      if (other && other.id !== row.id) return 1 as const;
      const updated = await repo.updateUser(tx, row.id, {
        lastname: body.lastname,
        firstname: body.firstname,
        email: body.email,
        username: body.username,
        avatar: body.avatar === undefined ? row.avatar : body.avatar,
        ...(passwordHash ? { passwordHash } : {}),
        ...(change.permissions ? { permissions: change.permissions } : {}),
        editedTime: deps.now(),
      });
      if (change.password || change.username) await endOtherSessions(tx, row.id, self ? actorToken : undefined);
      return updated ? repo.toDashboardUser(updated) : (false as const);
    }),
  );
}

/** Someone else's account needs the users flag; one's own is always readable. */
export async function findUser(deps: Deps, actor: DashboardUser, id: string) {
  if (actor._id !== id && actor.permissions.users !== 1) throw new HttpError(403, M.forbidden);
  const row = await repo.findUserRow(deps.db, id);
  return row ? repo.toDashboardUser(row) : (false as const);
}

/** There is always a super user left: the one who manages flags and the administrator settings. */
async function assertAnotherSuper(tx: Parameters<Parameters<Deps['db']['transaction']>[0]>[0], leaving: string) {
  const supers = await repo.lockSupers(tx);
  if (!supers.some((id) => id !== leaving)) throw badRequest(PPL.lastSuper);
}

/** A super user deletes a staff account: never their own, never the last super user. */
export async function deleteUser(deps: Deps, actor: DashboardUser, id: string): Promise<boolean> {
  if (actor._id === id) throw badRequest(PPL.notYourself);
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockUserRow(tx, id);
    if (!row) return false;
    if (row.permissions.super === 1) await assertAnotherSuper(tx, row.id);
    return repo.deleteUser(tx, id);
  });
}
