import { createHash, randomBytes } from 'node:crypto';
import type { ParsedBody } from '@campsite/shared';
import { TOO_MANY_VISITS, dayOf, logs } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { HttpError } from '../../http/errors';
import * as repo from './logs.repository';

/**
 * Visits a client address may record per minute. A guest browsing fast views a few screens a minute;
 * the limit only stops a script from filling the table. Kept per process: with several instances a
 * client gets a little more, which is harmless for a counter.
 */
export const VISITS_PER_MINUTE = 60;

export class VisitLimiter {
  private hits = new Map<string, { minute: number; n: number }>();

  constructor(private perMinute = VISITS_PER_MINUTE) {}

  /** true when this address may record one more visit now */
  take(address: string, now: number): boolean {
    const minute = Math.floor(now / 60);
    // forget the past minutes in one sweep, so the map never outgrows one minute of addresses
    if (this.hits.size > 10_000) for (const [k, v] of this.hits) if (v.minute !== minute) this.hits.delete(k);
    const entry = this.hits.get(address);
    if (!entry || entry.minute !== minute) {
      this.hits.set(address, { minute, n: 1 });
      return true;
    }
    entry.n += 1;
    return entry.n <= this.perMinute;
  }
}

/** Today's salt per database, read once a day per process (the row is the same for every instance). */
const salts = new WeakMap<object, { day: string; salt: string }>();

async function salt(deps: Deps, day: string): Promise<string> {
  const known = salts.get(deps.db);
  if (known?.day === day) return known.salt;
  const s = await repo.saltOfDay(deps.db, day, randomBytes(16).toString('base64url'));
  salts.set(deps.db, { day, salt: s });
  return s;
}

/**
 * The visitor as stored: the device's id of the day hashed with the day's random salt, which the rollup job
 * deletes once the day is over. Even a device that kept its id (an older app) is a new visitor every day,
 * and nobody, us included, can link a stored hash to a device afterwards (docs/statistics.md).
 */
export async function visitorHash(deps: Deps, deviceId: string, now: number): Promise<string> {
  const s = await salt(deps, dayOf(now, deps.env.TIME_ZONE));
  return createHash('sha256').update(`${s}:${deviceId}`).digest('base64url').slice(0, 22);
}

export async function recordVisit(deps: Deps, body: ParsedBody<typeof logs.insert>): Promise<true> {
  const now = deps.now();
  const visitor = await visitorHash(deps, body.visitor, now);
  await repo.insertVisit(deps.db, { time: now, visitor, installed: body.app, component: body.component, target: body.target ?? null });
  return true;
}

export function tooMany(): HttpError {
  return new HttpError(429, TOO_MANY_VISITS);
}
