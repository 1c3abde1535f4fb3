import type { AuditChange, DashboardUser, ParsedBody, Permissions } from '@campsite/shared';
import { CORE, PERMISSIONS, PEOPLE, STAFF_ACCOUNT, users } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { badRequest, HttpError, isUniqueViolation } from '../../http/errors';
import { createSession, endOtherSessions } from '../../http/session';
import { newId } from '../../lib/ids';
import { checkPassword, hashPassword, verifyPassword } from '../../lib/passwords';
import { insertEntry } from '../../platform/audit/audit.repository';
import { throttled } from '../../platform/throttle/sign-in';
import { staffNoticeJob, type AccountNotice } from './users.jobs';
import * as repo from './users.repository';

/** The user with a new session token, or false; 429 after too many attempts (`throttled`). */
export async function login(deps: Deps, loginName: string, password: string, ip: string) {
  // attempts count per account, however its identifier is typed ('ADMIN', 'admіn' and 'admin' are one)
  const key = await repo.identifierKey(deps.db, loginName);
  const row = await throttled(deps, key, ip, async () => {
    const found = await repo.findUserByLogin(deps.db, loginName);
    return (await checkPassword(password, found?.passwordHash)) && found ? found : false;
  });
  if (!row) return false as const;
  const session = await createSession(deps, 'dashboard', row.id);
  await repo.recordLogin(deps.db, row.id, deps.now());
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

/** Every flag of `target` is held by `actor` too. */
const holdsAll = (actor: Permissions, target: Permissions) => PERMISSIONS.every((k) => target[k] !== 1 || actor[k] === 1);

/**
 * Who may change what on a staff account (every call that edits or removes one goes through here), so
 * that nobody ends up able to use a flag a super user did not give them:
 * - another's account needs the users flag (or super);
 * - flags (anyone's, one's own included) change only by a super user;
 * - another's identifier, e-mail or password (what signing in as them takes) change only by a super user,
 *   or by a holder of the users flag who holds every flag of that account too: a receptionist may reset a
 *   colleague with fewer flags, never the manager. A super user's account needs a super user.
 * One's own password or identifier also needs the current password: see `assertCurrentPassword`.
 */
export function assertMayChange(actor: DashboardUser, target: Pick<UserRow, 'id' | 'permissions'>, change: AccountChange) {
  const self = actor._id === target.id;
  const isSuper = actor.permissions.super === 1;
  if (!self && actor.permissions.users !== 1 && !isSuper) throw new HttpError(403, CORE.forbidden);
  if (change.permissions && !samePermissions(change.permissions, target.permissions) && !isSuper) {
    throw new HttpError(403, CORE.permissionsSuperOnly);
  }
  if (self || isSuper || !(change.password || change.username || change.email)) return;
  if (target.permissions.super === 1) throw new HttpError(403, CORE.superAccountSuperOnly);
  if (!holdsAll(actor.permissions, target.permissions)) throw new HttpError(403, STAFF_ACCOUNT.credentialsNotYours);
}

/** One's own password or identifier changes only with the current password (a session left open is not enough). */
async function assertCurrentPassword(row: UserRow, given: string | undefined) {
  if (!given || !(await verifyPassword(given, row.passwordHash))) {
    throw badRequest(CORE.currentPasswordNeeded, { current_password: CORE.wrongPassword });
  }
}

export async function insertUser(deps: Deps, actor: DashboardUser, body: ParsedBody<typeof users.insert>) {
  if (body.permissions && !samePermissions(body.permissions, cleanPermissions(undefined)) && actor.permissions.super !== 1) {
    throw new HttpError(403, CORE.permissionsSuperOnly);
  }
  const now = deps.now();
  const passwordHash = await hashPassword(body.password);
  return orDuplicate(() =>
    deps.db.transaction(async (tx) => {
      if (await repo.findUserByIdentifier(tx, body.username)) return 1 as const;
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
      // flags given at creation are grants like any other: the log says who gave them
      if (!samePermissions(row.permissions, cleanPermissions(undefined))) {
        await insertEntry(tx, {
          id: newId(), time: now, actorId: actor._id, actorUsername: actor.username, targetId: row.id, targetUsername: row.username,
          changes: ['permissions'], detail: { permissions: { from: null, to: row.permissions } },
        });
      }
      return repo.toDashboardUser(row);
    }),
  );
}

/**
 * Two creations of one identifier at once (or of two that fold to one: 'admin', 'ADMIN'): the database's
 * unique index on the folded key refuses the second, answered 1 like the first check.
 */
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
 * an account reset by someone else is signed out everywhere. A change of password, e-mail, identifier or
 * flags is written to the audit log in the same transaction; the owner is told of the first three by
 * e-mail at the address the account had, by a job queued in that transaction (users.jobs.ts): the answer
 * never waits on the mail server, and a failed send does not undo the change.
 */
export async function updateUser(
  deps: Deps,
  actor: DashboardUser,
  body: ParsedBody<typeof users.update>,
  actorToken: string | undefined,
) {
  const self = actor._id === body.id;
  if (!self && actor.permissions.users !== 1 && actor.permissions.super !== 1) throw new HttpError(403, CORE.forbidden);
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  const result = await orDuplicate(() =>
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
      const other = change.username ? await repo.findUserByIdentifier(tx, body.username) : undefined;
      if (other && other.id !== row.id) return 1 as const;
      const now = deps.now();
      const updated = await repo.updateUser(tx, row.id, {
        lastname: body.lastname,
        firstname: body.firstname,
        email: body.email,
        username: body.username,
        avatar: body.avatar === undefined ? row.avatar : body.avatar,
        ...(passwordHash ? { passwordHash } : {}),
        ...(change.permissions ? { permissions: change.permissions } : {}),
        editedTime: now,
      });
      if (!updated) return false as const;
      if (change.password || change.username) await endOtherSessions(tx, row.id, self ? actorToken : undefined);
      const notice = await audit(tx, actor, row, updated, change, now);
      if (notice) await staffNoticeJob.enqueue(deps, notice, { tx });
      return { user: repo.toDashboardUser(updated), notice };
    }),
  );
  if (typeof result !== 'object') return result;
  if (result.notice) deps.jobs.poke();
  return result.user;
}

/** Writes the audit row of a change (when it touched a credential or the flags) and answers the owner's notice, if any. */
async function audit(tx: Tx, actor: DashboardUser, before: UserRow, after: UserRow, change: AccountChange, time: number) {
  const flags = change.permissions && !samePermissions(change.permissions, before.permissions);
  const changes: AuditChange[] = [];
  const detail: Record<string, { from: unknown; to: unknown }> = {};
  const record = (what: AuditChange, from?: unknown, to?: unknown) => {
    changes.push(what);
    if (what !== 'password') detail[what] = { from, to };
  };
  if (change.password) record('password');
  if (change.email) record('email', before.email, after.email);
  if (change.username) record('username', before.username, after.username);
  if (flags) record('permissions', before.permissions, after.permissions);
  if (!changes.length) return null;
  await insertEntry(tx, {
    id: newId(),
    time,
    actorId: actor._id,
    actorUsername: actor.username,
    targetId: before.id,
    targetUsername: before.username,
    changes,
    detail,
  });
  const told = changes.filter((c) => c !== 'permissions');
  if (!told.length) return null;
  const notice: AccountNotice = {
    to: before.email,
    firstname: after.firstname,
    time,
    by: actor._id === before.id ? null : `${actor.firstname} ${actor.lastname} (${actor.username})`,
    changes: told,
    ...(change.email ? { newEmail: after.email } : {}),
    ...(change.username ? { newUsername: after.username } : {}),
  };
  return notice;
}

/** Someone else's account needs the users flag; one's own is always readable. */
export async function findUser(deps: Deps, actor: DashboardUser, id: string) {
  if (actor._id !== id && actor.permissions.users !== 1) throw new HttpError(403, CORE.forbidden);
  const row = await repo.findUserRow(deps.db, id);
  return row ? repo.toDashboardUser(row) : (false as const);
}

/** There is always a super user left: the one who manages flags and the administrator settings. */
async function assertAnotherSuper(tx: Tx, leaving: string) {
  const supers = await repo.lockSupers(tx);
  if (!supers.some((id) => id !== leaving)) throw badRequest(PEOPLE.lastSuper);
}

/** A super user deletes a staff account: never their own, never the last super user. */
export async function deleteUser(deps: Deps, actor: DashboardUser, id: string): Promise<boolean> {
  if (actor._id === id) throw badRequest(PEOPLE.notYourself);
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockUserRow(tx, id);
    if (!row) return false;
    if (row.permissions.super === 1) await assertAnotherSuper(tx, row.id);
    return repo.deleteUser(tx, id);
  });
}
