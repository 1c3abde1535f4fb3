import type { ServerResponse } from 'node:http';
import type { Deps } from '../../http/deps';
import { ownDeps, servesManySites } from '../../http/request-deps';
import { CHAT_CHANNEL, forGuest, lastSeq, messagesAfter, type StreamRow } from './chat.repository';

/**
 * The live side of the messages (docs/messages.md): one hub per process (both ports share it), fed by the
 * database's NOTIFY on CHAT_CHANNEL, which carries ids only. On a notification the hub reads the messages
 * after the last seq it fanned out, in seq order, and writes each once to the streams that may see it
 * (staff: all; a guest: their own). A listener that lost its connection calls back with null: the same
 * read then brings what was committed meanwhile, so nothing is lost; a stream that lost its connection
 * comes back with Last-Event-ID and is replayed from the database before it is live again.
 */

export interface Scope {
  /** the guest whose conversations it follows; null: staff, every conversation */
  guestId: string | null;
  /** the staff member or guest, to cap the streams one person opens */
  owner: string;
}

interface Stream extends Scope {
  res: ServerResponse;
  /** the highest seq written to it */
  sent: number;
  /** live events that came while it was being replayed */
  pending: StreamRow[] | null;
  opened: number;
}

/** Replayed at most: a client away longer is told to read everything again ('reset'). */
export const REPLAY_MAX = 2000;
/** Streams one person may hold (tabs, devices); past it the oldest is closed. */
export const STREAMS_PER_OWNER = 6;
const HEARTBEAT_MS = 25_000;
/** A stream ends after this (the client reconnects with Last-Event-ID): a session ended since is then seen. */
const STREAM_MAX_MS = 30 * 60_000;
/** A client that reads nothing (a phone asleep on a dead link) is dropped past this backlog. */
const BACKLOG_MAX = 512 * 1024;
const PULL_BATCH = 500;

const hubs = new WeakMap<Deps, Promise<ChatHub>>();

/** The process's hub for these deps, listening once. */
export function hubOf(request: Deps): Promise<ChatHub> {
  // the hub outlives the request and reads the site's database when notified
  const deps = ownDeps(request);
  let hub = hubs.get(deps);
  if (!hub) {
    hub = ChatHub.start(deps);
    hubs.set(deps, hub);
    hub.catch(() => hubs.delete(deps));
  }
  return hub;
}

/**
 * A message event, as staff read it (with the guest's name) or (`guest`) as its guest does: never an internal
 * one for a guest (fanOut), nor the name.
 */
export const eventText = (row: StreamRow, guest: boolean) => {
  const { guest_id: _g, guest_name: _n, ...message } = row;
  return `id: ${row.seq}\nevent: message\ndata: ${JSON.stringify(guest ? forGuest(message) : { ...message, guest_name: row.guest_name })}\n\n`;
};

export class ChatHub {
  private streams = new Set<Stream>();
  /** the highest seq fanned out */
  private seen = 0;
  private pulling: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout;

  private constructor(private deps: Deps) {
    this.timer = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.timer.unref();
  }

  static async start(deps: Deps) {
    const hub = new ChatHub(deps);
    // listening first, then the start point: a message committed between them is read by the next pull
    await deps.database.listen(CHAT_CHANNEL, (payload) => hub.notified(payload));
    hub.seen = await lastSeq(deps.db);
    return hub;
  }

  get size() {
    return this.streams.size;
  }

  private notified(payload: string | null) {
    if (payload?.startsWith('n:')) {
      // n:<conversation>: a staff-only change of its messages (a translation, a push or an e-mail sent): staff read it again
      const text = `event: update\ndata: ${JSON.stringify({ conversation: payload.slice(2) })}\n\n`;
      for (const s of this.streams) if (s.guestId === null) this.write(s, text);
      return;
    }
    if (payload?.startsWith('r:')) {
      // r:<side>:<guest>:<conversation>: a side read a conversation (the badges), nothing to keep
      const [, side, guestId, conversation] = payload.split(':');
      const text = `event: read\ndata: ${JSON.stringify({ side, conversation })}\n\n`;
      for (const s of this.streams) if (s.guestId === null || s.guestId === guestId) this.write(s, text);
      return;
    }
    if (payload === null) {
      // the listener came back: what it missed is read below; read states may have changed too
      for (const s of this.streams) this.write(s, 'event: sync\ndata: {}\n\n');
    }
    void this.pull();
  }

  /** Reads what was committed after `seen` and fans it out; calls during a read make one more read. */
  pull(): Promise<void> {
    if (this.pulling) {
      this.again = true;
      return this.pulling;
    }
    this.pulling = (async () => {
      try {
        do {
          this.again = false;
          for (;;) {
            const rows = await messagesAfter(this.deps.db, this.seen, PULL_BATCH);
            for (const row of rows) this.fanOut(row);
            if (rows.length) this.seen = rows[rows.length - 1].seq;
            if (rows.length < PULL_BATCH) break;
          }
        } while (this.again);
      } catch {
        // the database is away: the next notification, the listener's return or the heartbeat reads again
      } finally {
        this.pulling = null;
      }
    })();
    return this.pulling;
  }

  private fanOut(row: StreamRow) {
    let staffText: string | undefined;
    let guestText: string | undefined;
    for (const s of this.streams) {
      // a guest's stream: their own conversations, never an internal line (a note, an assignment)
      if (s.guestId !== null && (s.guestId !== row.guest_id || row.internal)) continue;
      if (s.pending) s.pending.push(row);
      else if (row.seq > s.sent) {
        s.sent = row.seq;
        this.write(s, s.guestId === null ? (staffText ??= eventText(row, false)) : (guestText ??= eventText(row, true)));
      }
    }
  }

  private write(s: Stream, text: string) {
    if (s.res.writableEnded || s.res.destroyed) return void this.streams.delete(s);
    if (s.res.writableLength > BACKLOG_MAX) {
      this.streams.delete(s);
      s.res.destroy();
      return;
    }
    s.res.write(text);
  }

  private beat() {
    const now = Date.now();
    for (const s of this.streams) {
      if (now - s.opened > STREAM_MAX_MS) {
        this.streams.delete(s);
        s.res.end();
      } else this.write(s, ': ping\n\n');
    }
    // a safety net for a notification lost without the listener knowing
    if (this.streams.size) void this.pull();
  }

  /**
   * Opens a stream on `res` (headers already sent) for `scope`, replaying the messages after `last` (the
   * client's Last-Event-ID) before the live ones; without `last` it starts live. 'ready' says it is live:
   * a client reads its lists then, so that nothing between its last read and the stream is missed.
   */
  async open(res: ServerResponse, scope: Scope, last: number | undefined) {
    const mine = [...this.streams].filter((s) => s.owner === scope.owner);
    for (const old of mine.slice(0, Math.max(0, mine.length - STREAMS_PER_OWNER + 1))) {
      this.streams.delete(old);
      old.res.end();
    }
    const stream: Stream = { ...scope, res, sent: Math.max(this.seen, last ?? 0), pending: [], opened: Date.now() };
    this.streams.add(stream);
    res.on('close', () => this.streams.delete(stream));
    // a write after the stream was ended (closed as the oldest of its owner, the server closing) would
    // raise an 'error' event: each write checks, and a late error is not a crash
    res.on('error', () => this.streams.delete(stream));
    const put = (text: string) => void (!res.writableEnded && !res.destroyed && res.write(text));
    put('retry: 3000\n\n');
    try {
      if (last !== undefined && last < this.seen) {
        const rows = await messagesAfter(this.deps.db, last, REPLAY_MAX + 1, scope.guestId ?? undefined);
        if (rows.length > REPLAY_MAX) {
          put('event: reset\ndata: {}\n\n');
        } else {
          for (const row of rows) put(eventText(row, scope.guestId !== null));
          stream.sent = Math.max(last, rows.length ? rows[rows.length - 1].seq : last);
        }
      }
    } catch {
      this.streams.delete(stream);
      if (!res.writableEnded) res.end();
      return;
    }
    const pending = stream.pending ?? [];
    stream.pending = null;
    for (const row of pending) {
      if (row.seq <= stream.sent) continue;
      stream.sent = row.seq;
      put(eventText(row, scope.guestId !== null));
    }
    put('event: ready\ndata: {}\n\n');
  }

  /** Ends every stream (the server closes: a client reconnects to another instance). */
  closeAll() {
    for (const s of this.streams) s.res.end();
    this.streams.clear();
    // its heartbeat would keep it, and the site's whole Deps, in memory after the site closed (src/sites)
    clearInterval(this.timer);
  }
}

/** Ends this process's streams, if it has a hub (the server closes). */
export async function closeHub(deps: Deps) {
  if (servesManySites(deps)) return;
  const hub = hubs.get(deps);
  hubs.delete(deps);
  if (hub) (await hub.catch(() => null))?.closeAll();
}
