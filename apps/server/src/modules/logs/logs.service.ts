import type { ParsedBody } from '@campsite/shared';
import { TOO_MANY_VISITS, logs } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { HttpError } from '../../http/errors';
import { hashToken } from '../../http/session';
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

export async function recordVisit(
  deps: Deps,
  body: ParsedBody<typeof logs.insert>,
  sessionToken: string | undefined,
): Promise<true> {
  const now = deps.now();
  // the user is the guest signed in on this device, never what the body claims
  const userId = sessionToken && sessionToken.length <= 200 ? await repo.webappUserIdOfHash(deps.db, hashToken(sessionToken), now) : null;
  await repo.insertVisit(deps.db, { time: now, userId, visitor: body.visitor, installed: body.app, component: body.component });
  return true;
}

export function tooMany(): HttpError {
  return new HttpError(429, TOO_MANY_VISITS);
}
