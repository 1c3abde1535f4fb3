import type { ServerResponse } from 'node:http';
import type { Deps } from '../../http/deps';
import { ownDeps, servesManySites } from '../../http/request-deps';
import { HEARTBEAT_MS, STREAMS_PER_OWNER, STREAM_MAX_MS, writeEvent } from './event-stream';

/**
 * Live 'something changed' events (docs/today.md 'Live updates'), for screens that read their data again
 * rather than receive it: a writer's transaction (a trigger, or `NOTIFY`) announces on a channel the topic
 * it changed (a word: 'deposits'); each process has one hub per channel (both ports share it), listening
 * on its own connection, which gathers the topics announced within COALESCE_MS and writes one `changed`
 * event with them to each stream allowed to know of at least one (a member's flags). Nothing is replayed:
 * a client reads its data when its stream says `ready` (opened, or opened again after a drop), so what
 * was written while it was away is read then; when the hub's own connection comes back after a drop, every
 * stream gets `sync` (read everything again). Any area may use it with its own channel.
 */

export interface TopicScope {
  /** the staff member (or guest) who holds it, to cap the streams one person opens */
  owner: string;
  /** the topics this stream may hear of */
  topics: ReadonlySet<string>;
}

interface Stream extends TopicScope {
  res: ServerResponse;
  opened: number;
}

/** Topics announced within this time go out as one event: a batch of writes makes one read per screen. */
export const COALESCE_MS = 150;

const hubs = new WeakMap<Deps, Map<string, Promise<TopicHub>>>();

/** The process's hub for this channel, listening once. */
export function topicHub(request: Deps, channel: string): Promise<TopicHub> {
  // the hub outlives the request (it listens to the site's database)
  const deps = ownDeps(request);
  let byChannel = hubs.get(deps);
  if (!byChannel) hubs.set(deps, (byChannel = new Map()));
  let hub = byChannel.get(channel);
  if (!hub) {
    hub = TopicHub.start(deps, channel);
    byChannel.set(channel, hub);
    hub.catch(() => byChannel.delete(channel));
  }
  return hub;
}

/** Ends this process's topic streams (the server closes: a client reconnects to another instance). */
export async function closeTopicHubs(deps: Deps) {
  if (servesManySites(deps)) return;
  const byChannel = hubs.get(deps);
  hubs.delete(deps);
  for (const hub of byChannel?.values() ?? []) (await hub.catch(() => null))?.closeAll();
}

export class TopicHub {
  private streams = new Set<Stream>();
  private pending = new Set<string>();
  private flushTimer: NodeJS.Timeout | null = null;
  private beatTimer: NodeJS.Timeout;

  private constructor() {
    this.beatTimer = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.beatTimer.unref();
  }

  static async start(deps: Deps, channel: string) {
    const hub = new TopicHub();
    // a lost connection calls back with null, then says when it listens again: the streams read again then
    await deps.database.listen(
      channel,
      (payload) => payload !== null && hub.notified(payload),
      (listening) => listening && hub.resync(),
    );
    return hub;
  }

  get size() {
    return this.streams.size;
  }

  /** The listener is back after losing its connection: what was announced meanwhile is lost, every client reads again. */
  private resync() {
    for (const s of this.streams) this.write(s, 'event: sync\ndata: {}\n\n');
  }

  private notified(payload: string) {
    for (const topic of payload.split(',')) if (topic) this.pending.add(topic);
    this.flushTimer ??= setTimeout(() => this.flush(), COALESCE_MS);
  }

  private flush() {
    this.flushTimer = null;
    const topics = [...this.pending];
    this.pending.clear();
    for (const s of this.streams) {
      const heard = topics.filter((t) => s.topics.has(t));
      if (heard.length) this.write(s, `event: changed\ndata: ${JSON.stringify({ topics: heard })}\n\n`);
    }
  }

  private write(s: Stream, text: string) {
    if (!writeEvent(s.res, text)) this.streams.delete(s);
  }

  private beat() {
    const now = Date.now();
    for (const s of this.streams) {
      if (now - s.opened > STREAM_MAX_MS) {
        this.streams.delete(s);
        s.res.end();
      } else this.write(s, ': ping\n\n');
    }
  }

  /** Follows the topics of `scope` on `res` (headers already sent); `ready` says it is live. */
  open(res: ServerResponse, scope: TopicScope) {
    const mine = [...this.streams].filter((s) => s.owner === scope.owner);
    for (const old of mine.slice(0, Math.max(0, mine.length - STREAMS_PER_OWNER + 1))) {
      this.streams.delete(old);
      old.res.end();
    }
    const stream: Stream = { ...scope, res, opened: Date.now() };
    this.streams.add(stream);
    res.on('close', () => this.streams.delete(stream));
    // a write after the stream was ended (closed as the oldest of its owner, the server closing) would
    // raise an 'error' event: a late error is not a crash
    res.on('error', () => this.streams.delete(stream));
    writeEvent(res, 'retry: 3000\n\nevent: ready\ndata: {}\n\n');
  }

  /** Ends every stream. */
  closeAll() {
    for (const s of this.streams) s.res.end();
    this.streams.clear();
    // its heartbeat would keep it, and the site's whole Deps, in memory after the site closed (src/sites)
    clearInterval(this.beatTimer);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
  }
}
