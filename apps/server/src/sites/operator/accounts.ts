import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { OperatorAccount } from '@campsite/shared';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { hashToken, newToken } from '../../http/session';
import { checkPassword, hashPassword } from '../../lib/passwords';
import { throttled } from '../../platform/throttle/sign-in';
import type { Control } from '../control';
import { SiteError } from '../sites';

/** An operator's session lasts as long as a staff member's default (SESSION_DAYS). */
export const OPERATOR_COOKIE = 'session-operator';

const now = () => Math.floor(Date.now() / 1000);

/** The throttle's handle on the control database (its tables: drizzle-control/0010_operators.sql). */
const throttleDbs = new WeakMap<Control, Db>();
function throttleDeps(control: Control) {
  let db = throttleDbs.get(control);
  if (!db) throttleDbs.set(control, (db = drizzle({ client: control.pool, schema }) as unknown as Db));
  return { db, now };
}

const LOGIN = /^[a-z0-9][a-z0-9._@-]{2,99}$/;

/**
 * A new operator (`npm run site -- operator add <login>`): answers the password, made here and shown once.
 * The identifier is kept lower-case: one account is not two by case.
 */
export async function addOperator(control: Control, login: string): Promise<{ login: string; password: string }> {
  const name = login.trim().toLowerCase();
  if (!LOGIN.test(name)) throw new SiteError(`L'identifiant « ${login} » n'est pas valide : 3 à 100 lettres, chiffres, points, tirets ou @, sans espace.`);
  const password = randomBytes(12).toString('base64url');
  const { rowCount } = await control.pool.query('INSERT INTO operators (login, password_hash, created_at) VALUES ($1, $2, $3) ON CONFLICT (login) DO NOTHING', [
    name,
    await hashPassword(password),
    now(),
  ]);
  if (!rowCount) throw new SiteError(`Un exploitant a déjà l'identifiant « ${name} ».`);
  return { login: name, password };
}

/**
 * Signs an operator in, under the staff's throttle (per identifier and address, per address, the
 * account's delay): answers the account and a new session's token, or false.
 */
export async function signIn(control: Control, login: string, password: string, ip: string, days: number) {
  const key = `operator:${login.trim().toLowerCase()}`;
  const found = await throttled(throttleDeps(control), key, ip, async () => {
    const { rows } = await control.pool.query<{ id: number; login: string; password_hash: string }>('SELECT id, login, password_hash FROM operators WHERE login = $1', [
      login.trim().toLowerCase(),
    ]);
    return (await checkPassword(password, rows[0]?.password_hash)) && rows[0] ? rows[0] : false;
  });
  if (!found) return false as const;
  const token = newToken();
  const at = now();
  await control.pool.query('INSERT INTO operator_sessions (token_hash, operator_id, expires_at, created_at) VALUES ($1, $2, $3, $4)', [hashToken(token), found.id, at + days * 86400, at]);
  return { operator: { login: found.login } satisfies OperatorAccount, token };
}

/** The operator of a session token, or null. */
export async function operatorOf(control: Control, token: string | undefined): Promise<OperatorAccount | null> {
  if (!token || token.length > 200) return null;
  const { rows } = await control.pool.query<{ login: string }>(
    'SELECT o.login FROM operator_sessions s JOIN operators o ON o.id = s.operator_id WHERE s.token_hash = $1 AND s.expires_at > $2',
    [hashToken(token), now()],
  );
  return rows[0] ?? null;
}

export async function signOut(control: Control, token: string | undefined) {
  if (token) await control.pool.query('DELETE FROM operator_sessions WHERE token_hash = $1', [hashToken(token)]);
}
