import { createHash, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CHANGES_CHANNEL } from '../db/changes';
import { listenerName, type Database } from '../db/client';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** Staff lists kept at once (peopleList): a page of 50 client cards is about 50 KB. */
const PEOPLE_LISTS = 64;

/** Answers under this size leave uncompressed: compressing them costs more than it saves. */
export const COMPRESS_MIN_BYTES = 1024;

/** One serialized answer, its validator, and its compressed forms, each made once when first asked for. */
export interface CachedAnswer {
  body: Buffer;
  etag: string;
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
  /** the compressed forms once made, for the answers by address (kept-answers.ts), which do not wait */
  made?: { br?: Buffer; gzip?: Buffer };
}

/** A public read's address, as asked (path and query), whose kept answer anybody may read. */
interface KeptAddress {
  key: string;
  /** the call's declared path, the metrics' label */
  call: string;
}

/** Multi-site mode: the bytes all the sites' caches of one process hold, and may hold. */
export interface CacheBudget {
  used: number;
  max: number;
}

/** Multi-site mode: waits until every instance has forgotten what this site's write changed (sites/changes.ts). */
export interface CacheRelay {
  settle(): Promise<void>;
}

/**
 * The serialized answers of the public reads (per call and parameters), and values derived from the
 * database that every request needs (the configuration), kept until the next committed write.
 *
 * Every write to a watched table (src/db/changes.ts) sends a NOTIFY at commit, which each instance
 * receives (PostgreSQL: its listening connection; PGlite: in the same process, with the COMMIT's result)
 * and which empties the cache: writes from any call, job or script, on any instance, without their doing
 * anything. After a write call, `serve()` waits for `settle()`, so that no instance answers the next read
 * from what the write changed. A fill that started before a change is not kept.
 */
export class AnswerCache {
  /** changes seen so far; an answer read at generation g is kept only while it is still g */
  generation = 0;
  private entries = new Map<string, CachedAnswer>();
  private bytes = 0;
  private memos = new Map<string, Promise<unknown>>();
  private addresses = new Map<string, KeptAddress>();
  /** changes of the people tables seen so far (drizzle/0112: files, stays, guest accounts, devices), any change counted too */
  peopleGeneration = 0;
  private people = new Map<string, { until: number; value: Promise<unknown> }>();
  /** whether a server answers kept answers by their address (kept-answers.ts): else none is remembered */
  byAddressToo = false;

  constructor(
    readonly enabled = true,
    private maxBytes = 64 * 1024 * 1024,
    private maxEntries = 20_000,
    /** multi-site mode: the bytes every site's cache of this process may hold together (sites/changes.ts) */
    private budget?: CacheBudget,
  ) {}

  private database?: Database;
  private acks = new Map<string, () => void>();
  /** multi-site mode: how the other instances are told and waited for (sites/changes.ts), instead of `follow` */
  private relay?: CacheRelay;
  /**
   * Whether this instance hears the changes: false while its listening connection is down (the database
   * restarted, the network dropped), when another instance's write would not reach it. Meanwhile nothing
   * is kept nor served from the cache: every read goes to the database.
   */
  private hearing = true;

  /** Follows the database's change notifications; once (both ports of one process share the cache). */
  async follow(database: Database) {
    if (this.database) return;
    this.database = database;
    await database.listen(
      CHANGES_CHANNEL,
      (payload) => {
        if (payload?.startsWith('settle:')) {
          // every change committed before this marker has been seen (they arrive in commit order): say so
          database.notify(CHANGES_CHANNEL, `ack:${payload.slice(7)}`).catch(() => {});
        } else if (payload?.startsWith('ack:')) {
          this.acks.get(payload.slice(4))?.();
        } else {
          this.heard(payload);
        }
      },
      (listening) => {
        this.hearing = listening;
        this.changed();
      },
    );
  }

  /**
   * Resolves once every instance listening on the database has seen the changes this process committed
   * so far, so that the next read, on any instance, is fresh. PostgreSQL delivers notifications in commit
   * order: a marker sent now reaches each instance after them, and each answers it. PGlite delivers them
   * with the COMMIT's result, in this one process: nothing to wait for.
   */
  async settle() {
    if (this.relay) return this.relay.settle();
    const database = this.database;
    if (database?.kind !== 'postgres') return;
    const id = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    try {
      const { rows } = (await database.db.execute(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${listenerName(CHANGES_CHANNEL)}`,
      )) as unknown as { rows: { n: number }[] };
      let waiting = rows[0]?.n ?? 0;
      const answered = new Promise<void>((resolve) => {
        this.acks.set(id, () => --waiting <= 0 && resolve());
        // an instance that does not answer (gone, or its connection down): forget everything here at least
        timer = setTimeout(() => resolve(this.changed()), 2000);
      });
      await database.notify(CHANGES_CHANNEL, `settle:${id}`);
      if (waiting > 0) await answered;
    } catch {
      this.changed();
    } finally {
      clearTimeout(timer);
      this.acks.delete(id);
    }
  }

  /** A change announced on the changes channel: the people tables' ('people') forget only the people lists. */
  heard(payload: string | null) {
    if (payload === 'people') this.peopleChanged();
    else this.changed();
  }

  peopleChanged() {
    this.peopleGeneration++;
    this.people.clear();
  }

  changed() {
    this.peopleChanged();
    this.generation++;
    this.entries.clear();
    this.memos.clear();
    this.addresses.clear();
    if (this.budget) this.budget.used -= this.bytes;
    this.bytes = 0;
  }

  /**
   * Multi-site mode: the changes reach this cache through the site's pooled connections and the control
   * database (sites/changes.ts), which calls `changed()` and says whether it hears (`hears`).
   */
  relayThrough(relay: CacheRelay) {
    this.relay = relay;
  }

  /** Whether the changes reach this cache (false: nothing is kept nor served from it, every read goes to the database). */
  hears(hearing: boolean) {
    this.hearing = hearing;
    this.changed();
  }

  get(key: string): CachedAnswer | undefined {
    if (!this.hearing) return undefined;
    const hit = this.entries.get(key);
    if (hit) {
      // least recently used first out: a hit moves to the end
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /**
   * This address (path and query as asked) reads the kept answer `key`, which anybody may read: the route
   * checked so when nothing had changed since `generation` was read (else the address is not remembered).
   * At most as many addresses as answers; the oldest go first.
   */
  remember(address: string, key: string, call: string, generation: number) {
    if (!this.byAddressToo || !this.hearing || generation !== this.generation || !this.entries.has(key) || address.length > 2048) return;
    if (this.addresses.has(address)) return;
    if (this.addresses.size >= this.maxEntries) this.addresses.delete(this.addresses.keys().next().value!);
    this.addresses.set(address, { key, call });
  }

  /** The kept answer of a remembered address, and its call. */
  byAddress(address: string): { entry: CachedAnswer; call: string } | undefined {
    const kept = this.addresses.get(address);
    const entry = kept && this.get(kept.key);
    return entry && { entry, call: kept.call };
  }

  /** The answer for these bytes, kept when nothing changed since `generation` was read. */
  put(key: string, generation: number, body: Buffer): CachedAnswer {
    const entry: CachedAnswer = { body, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"` };
    if (!this.enabled || !this.hearing || generation !== this.generation || body.length > this.maxBytes / 8) return entry;
    const old = this.entries.get(key);
    if (old) this.grow(-old.body.length);
    this.entries.set(key, entry);
    this.grow(body.length);
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes && this.entries.size <= this.maxEntries && (!this.budget || this.budget.used <= this.budget.max)) break;
      this.entries.delete(k);
      this.grow(-e.body.length);
    }
    return entry;
  }

  private grow(bytes: number) {
    this.bytes += bytes;
    if (this.budget) this.budget.used += bytes;
  }

  /**
   * A staff list over the people tables (the client files), kept until they change or until `until` (epoch
   * seconds, from the load: the next time the day's 'on site' changes) has come, whichever is first. At most
   * PEOPLE_LISTS lists, the least recently read first out. A load that raced a change is not kept.
   */
  peopleList<T>(key: string, now: number, load: () => Promise<{ value: T; until: number }>): Promise<T> {
    if (!this.enabled || !this.hearing) return load().then((r) => r.value);
    const found = this.people.get(key);
    if (found && now < found.until) {
      this.people.delete(key);
      this.people.set(key, found);
      return found.value as Promise<T>;
    }
    const generation = this.peopleGeneration;
    const loading = load();
    const entry = { until: Infinity, value: loading.then((r) => r.value) as Promise<unknown> };
    this.people.set(key, entry);
    if (this.people.size > PEOPLE_LISTS) this.people.delete(this.people.keys().next().value!);
    const forget = () => this.people.get(key) === entry && this.people.delete(key);
    loading.then((r) => {
      entry.until = r.until;
      if (generation !== this.peopleGeneration) forget();
    }, forget);
    return entry.value as Promise<T>;
  }

  /** A value derived from the database (e.g. the configuration), loaded once per generation. */
  memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.hearing) return load();
    let found = this.memos.get(key) as Promise<T> | undefined;
    if (!found) {
      const generation = this.generation;
      found = load();
      this.memos.set(key, found);
      // a failed load, or one that raced a change, is not kept
      found.then(
        () => generation !== this.generation && this.memos.get(key) === found && this.memos.delete(key),
        () => this.memos.get(key) === found && this.memos.delete(key),
      );
    }
    return found;
  }
}

/** Sends a cached answer: 304 when the browser holds it, else its compressed bytes when they are asked for. */
export async function sendCached(req: FastifyRequest, reply: FastifyReply, entry: CachedAnswer) {
  reply.header('etag', entry.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (holds(req.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const accepted = entry.body.length >= COMPRESS_MIN_BYTES ? encodingOf(req.headers['accept-encoding']) : null;
  if (accepted === 'br') {
    entry.br ??= br(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length } }).then(
      (bytes) => ((entry.made ??= {}).br = bytes),
    );
    return reply.header('content-encoding', 'br').send(await entry.br);
  }
  if (accepted === 'gzip') {
    entry.gzip ??= gz(entry.body, { level: 6 }).then((bytes) => ((entry.made ??= {}).gzip = bytes));
    return reply.header('content-encoding', 'gzip').send(await entry.gzip);
  }
  return reply.send(entry.body);
}

/** Whether the browser's If-None-Match names this ETag (then it holds the answer: 304). */
export function holds(inm: string | undefined, etag: string): boolean {
  return !!inm && (inm === etag || inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag));
}

const encodings = new Map<string, 'br' | 'gzip' | null>();

/** br when the client takes it, else gzip, else none (q=0 refuses an encoding); browsers send a few fixed headers. */
export function encodingOf(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  let found = encodings.get(header);
  if (found === undefined) {
    const q = new Map<string, number>();
    for (const part of header.toLowerCase().split(',')) {
      const [name, ...params] = part.split(';').map((x) => x.trim());
      const weight = params.find((p) => p.startsWith('q='));
      q.set(name, weight ? Number(weight.slice(2)) || 0 : 1);
    }
    const takes = (name: string) => (q.get(name) ?? (q.get('*') || 0)) > 0;
    found = takes('br') ? 'br' : takes('gzip') ? 'gzip' : null;
    if (encodings.size < 100) encodings.set(header, found);
  }
  return found;
}
