import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CHANGES_CHANNEL } from '../db/changes';
import { listenerName, openDatabase, type Database, type PoolFollow } from '../db/client';
import type { AnswerCache } from '../http/answer-cache';

/** The control database's channel on which instances tell each other of a site's writes. */
export const SITE_CHANGES = 'campsite_site_changes';

/** How long a write waits for the other instances to say they forgot; past it, they are taken as gone. */
const SETTLE_MS = 2000;

/**
 * How the answer caches of many sites hear of their writes without a listening connection per site and per
 * instance (docs/multisite.md 'Connections'):
 * - each connection of a site's pool listens to the site's change channel (the triggers' NOTIFY at commit):
 *   while this instance holds a connection to the site, it hears every write, its own or not;
 * - a write of this instance (its own connection hears its own notification) is told to the other
 *   instances on the control database, where each instance listens once: they forget that site's answers;
 * - after a write call, `settle` waits until every instance has said it forgot (as a single server's
 *   answer cache does on its own database), so that the next read, on any instance, is fresh.
 * A write that no instance makes (a script on a site's database) is heard by the instances that hold a
 * connection to the site then; the console's restore suspends the site, which drops its caches.
 * The live hubs' channels (the to-do list's, the chat's) go the same way: `listen` instead of a connection
 * of their own; a notification this instance's transaction made is delivered here and relayed to the others.
 */
type Subscriber = { onNotify: (payload: string | null) => void; onListening?: (listening: boolean) => void };

export class SiteChanges {
  private acks = new Map<string, () => void>();
  /** this instance, in the control database's messages: its own come back to it, and are not delivered twice */
  private readonly instance = randomUUID().slice(0, 8);
  /** per site and channel, what listens here (the live hubs: a site's `database.listen`) */
  private subscribers = new Map<number, Map<string, Set<Subscriber>>>();
  /** false while the control database's listening connection is down: the caches then keep nothing */
  hearing = false;

  private constructor(
    private control: Database,
    private cacheOf: (site: number) => AnswerCache | undefined,
    private everyCache: () => Iterable<AnswerCache>,
  ) {}

  static async start(controlUrl: string, cacheOf: (site: number) => AnswerCache | undefined, everyCache: () => Iterable<AnswerCache>) {
    const changes = new SiteChanges(await openDatabase({ url: controlUrl, max: 2 }), cacheOf, everyCache);
    await changes.control.listen(
      SITE_CHANGES,
      (payload) => payload !== null && changes.heard(payload),
      (listening) => changes.hears(listening),
    );
    changes.hearing = true;
    return changes;
  }

  /** The options of a site's pool: its connections listen to its changes and to the channels its live hubs follow. */
  follow(site: number): PoolFollow {
    return {
      channels: () => [CHANGES_CHANNEL, ...(this.subscribers.get(site)?.keys() ?? [])],
      onNotify: (channel, payload, own) => {
        if (channel !== CHANGES_CHANNEL) {
          // a live hub's channel: what this instance wrote is delivered here and told to the others (what
          // another instance wrote comes from it, once, through the control database)
          if (!own) return;
          this.deliver(site, channel, payload);
          this.control.notify(SITE_CHANGES, `hub:${this.instance}:${site}:${channel}:${payload}`).catch(() => {});
          return;
        }
        if (payload.startsWith('settle:') || payload.startsWith('ack:')) return;
        this.cacheOf(site)?.heard(payload);
        // a job's write, or a call's before its settle: the other instances forget without being waited for
        if (own) this.control.notify(SITE_CHANGES, `changed:${site}`).catch(() => {});
      },
    };
  }

  /**
   * A site's `database.listen` (sites/runtime.ts): its live hubs hear the channel's notifications of the
   * site through its pooled connections and the control database, not on a connection of their own.
   */
  listen(site: number, channel: string, onNotify: Subscriber['onNotify'], onListening?: Subscriber['onListening']) {
    let channels = this.subscribers.get(site);
    if (!channels) this.subscribers.set(site, (channels = new Map()));
    let set = channels.get(channel);
    if (!set) channels.set(channel, (set = new Set()));
    set.add({ onNotify, onListening });
  }

  /** The site closed: its hubs with it. */
  forget(site: number) {
    this.subscribers.delete(site);
  }

  private deliver(site: number, channel: string, payload: string) {
    for (const s of this.subscribers.get(site)?.get(channel) ?? []) s.onNotify(payload);
  }

  /** Resolves once every instance listening on the control database has forgotten this site's answers. */
  async settle(site: number) {
    const id = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    try {
      const { rows } = (await this.control.db.execute(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${listenerName(SITE_CHANGES)}`,
      )) as unknown as { rows: { n: number }[] };
      let waiting = rows[0]?.n ?? 0;
      const answered = new Promise<void>((resolve) => {
        this.acks.set(id, () => --waiting <= 0 && resolve());
        // an instance that does not answer (gone, or its connection down): this one forgets at least
        timer = setTimeout(() => resolve(this.cacheOf(site)?.changed()), SETTLE_MS);
      });
      await this.control.notify(SITE_CHANGES, `changed:${site}:${id}`);
      if (waiting > 0) await answered;
    } catch {
      this.cacheOf(site)?.changed();
    } finally {
      clearTimeout(timer);
      this.acks.delete(id);
    }
  }

  private heard(payload: string) {
    if (payload.startsWith('hub:')) {
      // hub:<instance>:<site>:<channel>:<the site's payload, which may hold ':'>
      const [, instance, site, channel] = payload.split(':', 4);
      if (instance !== this.instance) this.deliver(Number(site), channel, payload.slice(`hub:${instance}:${site}:${channel}:`.length));
      return;
    }
    const [kind, site, id] = payload.split(':');
    if (kind === 'ack') return this.acks.get(site)?.();
    if (kind !== 'changed') return;
    this.cacheOf(Number(site))?.changed();
    if (id) this.control.notify(SITE_CHANGES, `ack:${id}`).catch(() => {});
  }

  private hears(listening: boolean) {
    this.hearing = listening;
    for (const cache of this.everyCache()) cache.hears(listening);
    // as a listening connection that dropped (db/client.ts): what was announced meanwhile is lost
    for (const channels of this.subscribers.values())
      for (const set of channels.values())
        for (const s of set) {
          s.onNotify(null);
          s.onListening?.(listening);
        }
  }

  close() {
    return this.control.close();
  }
}
