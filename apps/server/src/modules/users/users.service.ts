import type { DashboardUser, ParsedBody, Permissions } from '@campsite/shared';
import { M, PERMISSIONS, users } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { badRequest, HttpError } from '../../http/errors';
import { createSession } from '../../http/session';
import { newId } from '../../lib/ids';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import * as repo from './users.repository';

const WINDOW = 15 * 60;
const MAX_PER_LOGIN = 10;
const MAX_PER_IP = 50;

/** The user with a new session token, or false; 429 after too many failures (per login and per address). */
export async function login(deps: Deps, loginName: string, password: string, ip: string) {
  const now = deps.now();
  const failures = await repo.recentFailures(deps.db, loginName, ip, now - WINDOW);
  if (failures.byLogin >= MAX_PER_LOGIN || failures.byIp >= MAX_PER_IP) throw new HttpError(429, M.tooManyAttempts);
  const row = await repo.findUserByUsername(deps.db, loginName);
  if (!row || !(await verifyPassword(password, row.passwordHash))) {
    await repo.recordFailedLogin(deps.db, loginName, ip, now);
    return false as const;
  }
  await repo.clearFailures(deps.db, loginName);
  const session = await createSession(deps, 'dashboard', row.id);
  return { ...repo.toDashboardUser(row), session };
}

/** Only the flags of the spec, as 0 or 1. */
function cleanPermissions(p: Permissions | undefined): Permissions {
  return Object.fromEntries(PERMISSIONS.map((k) => [k, p?.[k] === 1 ? 1 : 0])) as Permissions;
}

function assertMaySetPermissions(actor: DashboardUser, wanted: Permissions | undefined, current?: Permissions) {
  if (wanted === undefined) return;
  const same = current && PERMISSIONS.every((k) => (wanted[k] === 1 ? 1 : 0) === (current[k] === 1 ? 1 : 0));
  if (!same && actor.permissions.super !== 1) throw new HttpError(403, M.permissionsSuperOnly);
}

export async function insertUser(deps: Deps, actor: DashboardUser, body: ParsedBody<typeof users.insert>) {
  assertMaySetPermissions(actor, body.permissions, cleanPermissions(undefined));
  const now = deps.now();
  const passwordHash = await hashPassword(body.password);
  return deps.db.transaction(async (tx) => {
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
  });
}

/**
 * A staff member edits their own account (current password required), or, with the users flag,
 * another's. Permissions change only by a super user.
 */
export async function updateUser(deps: Deps, actor: DashboardUser, body: ParsedBody<typeof users.update>) {
  const self = actor._id === body.id;
  if (!self && actor.permissions.users !== 1) throw new HttpError(403, M.forbidden);
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  return deps.db.transaction(async (tx) => {
    const row = await repo.findUserRow(tx, body.id);
    if (!row) return false as const;
    assertMaySetPermissions(actor, body.permissions, row.permissions);
    if (self && !(body.current_password && (await verifyPassword(body.current_password, row.passwordHash)))) {
      throw badRequest(M.wrongPassword, { current_password: M.wrongPassword });
    }
    const other = await repo.findUserByUsername(tx, body.username);
    if (other && other.id !== row.id) return 1 as const;
    const updated = await repo.updateUser(tx, row.id, {
      lastname: body.lastname,
      firstname: body.firstname,
      email: body.email,
      username: body.username,
      avatar: body.avatar === undefined ? row.avatar : body.avatar,
      ...(passwordHash ? { passwordHash } : {}),
      ...(body.permissions ? { permissions: cleanPermissions(body.permissions) } : {}),
      editedTime: deps.now(),
    });
    return updated ? repo.toDashboardUser(updated) : (false as const);
  });
}

/** Someone else's account needs the users flag; one's own is always readable. */
export async function findUser(deps: Deps, actor: DashboardUser, id: string) {
  if (actor._id !== id && actor.permissions.users !== 1) throw new HttpError(403, M.forbidden);
  const row = await repo.findUserRow(deps.db, id);
  return row ? repo.toDashboardUser(row) : (false as const);
}
