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

/**
 * New visitors one address may bring (issue 29): NEW_VISITORS_BURST at once, then one more every
 * NEW_VISITOR_SECONDS. Everything in a beacon is the client's to choose (the device id, cookies, the user
 * agent), so a script on one phone could be 60 visitors a minute; past the allowance a visit from that
 * address still counts as a view, under the visitor it brought last. A campsite's Wi-Fi behind one address
 * still brings its guests in, one a minute (60 an hour) after the first few. Kept per process, like the
 * limit of views, by address in memory only: nothing about an address is stored. With n instances an
 * address may bring n times as many.
 */
export const NEW_VISITORS_BURST = 4;
export const NEW_VISITOR_SECONDS = 60;
/** Visitors remembered per address and day (past it, a known visitor takes an allowance again). */
const KNOWN_PER_ADDRESS = 2000;

export class VisitorGate {
  private byAddress = new Map<string, { day: string; tokens: number; at: number; known: Set<string>; last: string }>();

  constructor(
    private burst = NEW_VISITORS_BURST,
    private every = NEW_VISITOR_SECONDS,
  ) {}

  /** The visitor this visit counts under: its own when this address brought it today or may bring one more, else the address's last. */
  admit(address: string, day: string, visitor: string, now: number): string {
    if (this.byAddress.size > 50_000) for (const [k, v] of this.byAddress) if (v.day !== day || v.at < now - 3600) this.byAddress.delete(k);
    let e = this.byAddress.get(address);
    if (!e || e.day !== day) {
      e = { day, tokens: this.burst, at: now, known: new Set(), last: visitor };
      this.byAddress.set(address, e);
    }
    if (e.known.has(visitor)) return visitor;
    e.tokens = Math.min(this.burst, e.tokens + Math.max(0, now - e.at) / this.every);
    e.at = now;
    if (e.tokens < 1) return e.last;
    e.tokens -= 1;
    if (e.known.size < KNOWN_PER_ADDRESS) e.known.add(visitor);
    e.last = visitor;
    return visitor;
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

/** A visit; `from` (the client's address and the process's gate) bounds the new visitors one address brings. */
export async function recordVisit(deps: Deps, body: ParsedBody<typeof logs.insert>, from?: { gate: VisitorGate; address: string }): Promise<true> {
  const now = deps.now();
  const hashed = await visitorHash(deps, body.visitor, now);
  const visitor = from ? from.gate.admit(from.address, dayOf(now, deps.env.TIME_ZONE), hashed, now) : hashed;
  await repo.insertVisit(deps.db, { time: now, visitor, installed: body.app, component: body.component, target: body.target ?? null });
  return true;
}

export function tooMany(): HttpError {
  return new HttpError(429, TOO_MANY_VISITS);
}
