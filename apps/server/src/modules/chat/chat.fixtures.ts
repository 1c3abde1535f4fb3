import { request, type IncomingMessage } from 'node:http';
import type { ChatMessageDoc } from '@campsite/shared';
import { addGuest } from '../../testing/fixtures/people';
import type { TestApp } from '../../testing/harness';

/** Test data and an event-stream client for the chat tests (not loaded by the server). */

const cookieOf = (res: { headers: Record<string, unknown> }) => String([res.headers['set-cookie']].flat()[0]).split(';')[0];

let count = 0;
/** A guest app account, signed in: its id and session cookie. */
export async function signedGuest(t: TestApp, data: { firstname?: string; langage?: string; email?: string; notification?: boolean } = {}) {
  const email = data.email ?? `chat-guest-${++count}-${Date.now()}@example.test`;
  const id = await addGuest(t.deps, { email, password: 'vacances-2025', firstname: data.firstname ?? 'Lena', lastname: 'Weber', langage: data.langage ?? 'de', notification: data.notification });
  const login = await t.post('webapp/account/login', { email, password: 'vacances-2025' });
  if (login.statusCode !== 200) throw new Error(`guest login: ${login.body}`);
  return { id, email, cookie: cookieOf(login) };
}

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/** A text/event-stream read as a browser's EventSource would, kept in `events`. */
export interface StreamClient {
  status: number;
  headers: IncomingMessage['headers'];
  events: SseEvent[];
  messages(): ChatMessageDoc[];
  /** resolves when `pred` holds on the events received (rejects after `ms`) */
  until(pred: (events: SseEvent[]) => boolean, ms?: number): Promise<void>;
  lastId(): number | undefined;
  /** resolves when the server ended the stream */
  ended: Promise<void>;
  close(): void;
}

export function openStream(base: string, path: string, cookie: string, last?: number): Promise<StreamClient> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/api/${path}`, { headers: { cookie, accept: 'text/event-stream', 'accept-encoding': 'gzip, br', ...(last !== undefined ? { 'last-event-id': String(last) } : {}) } }, (res) => {
      const events: SseEvent[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const e: SseEvent = { event: 'message', data: '' };
          let seen = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'id') e.id = value;
            else if (field === 'event') e.event = value;
            else if (field === 'data') e.data = value;
            else continue;
            seen = true;
          }
          if (seen && (e.data || e.id)) events.push(e);
        }
        for (const w of waiters) w();
      });
      const client: StreamClient = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        messages: () => events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data) as ChatMessageDoc),
        until(pred, ms = 10_000) {
          return new Promise((ok, fail) => {
            if (pred(events)) return ok();
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`stream ${path}: condition not met; events ${JSON.stringify(events.map((e) => [e.event, e.id]))}`));
            }, ms);
            const check = () => {
              if (!pred(events)) return;
              clearTimeout(timer);
              waiters.delete(check);
              ok();
            };
            waiters.add(check);
          });
        },
        lastId: () => {
          const withId = events.filter((e) => e.id);
          return withId.length ? Number(withId[withId.length - 1].id) : last;
        },
        ended: new Promise((done) => res.on('close', () => done())),
        close: () => req.destroy(),
      };
      resolve(client);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The app listening on a free port (the event stream needs a real socket): its base address. */
export async function listening(app: TestApp['app']): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}
