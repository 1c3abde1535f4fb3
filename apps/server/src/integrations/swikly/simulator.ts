import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CreateRequest, Reclaim, RequestStatus } from './client';
import { escapeHtml } from '../../lib/html';
import { signatureHeader } from './signature';
import { PAGE_TEXTS, pageAmount, pageDay, pageTexts } from './simulator-texts';

// A stand-in for Swikly on a local port (development, the demo, the tests and the journeys): the same REST
// API as the real one (client.ts speaks to both), a page where the 'guest' accepts or refuses a request,
// and the signed callback to our server that follows, as Swikly sends it. Nothing here is kept on disk.

export interface SimRequest {
  id: string;
  account: string;
  /** the Bearer key it was made with: the key its callbacks are signed with */
  key: string;
  status: RequestStatus;
  body: CreateRequest;
  reclaims: Reclaim[];
  created: number;
}
export interface Delivery {
  request: string;
  event: string;
  status: number;
}

/**
 * A test's hook on a create, run once the request is stored and before it is answered: 'lose' ends the
 * connection without an answer (the process that asked died, or the network dropped the answer), as if the
 * request were made and its answer never read.
 */
export type AfterCreate = (request: SimRequest) => 'answer' | 'lose' | Promise<'answer' | 'lose'>;

/**
 * A test's hook on a release or a claim, run before it is applied (it may wait: a process killed meanwhile):
 * 'drop' ends the connection and does nothing (the caller died before its call arrived), 'lose' applies it
 * and ends the connection without an answer (the caller died before reading it), 'answer' as Swikly does.
 */
export type OnAction = (request: SimRequest, action: 'release' | 'reclaim') => 'answer' | 'drop' | 'lose' | Promise<'answer' | 'drop' | 'lose'>;

export interface Simulator {
  url: string;
  /** the API's base address (`${url}/v1`) */
  api: string;
  requests: Map<string, SimRequest>;
  /** every callback sent and the status our server answered */
  deliveries: Delivery[];
  /** the next `count` API calls answer 429 with Retry-After `seconds` */
  throttle(count: number, seconds: number): void;
  /** the next `count` API calls answer 503 (Swikly down) */
  outage(count: number): void;
  /** tests only: what follows each create until replaced (null: answer at once) */
  afterCreate(hook: AfterCreate | null): void;
  /** tests only: what happens to each release or claim until replaced (null: applied and answered) */
  onAction(hook: OnAction | null): void;
  /** what the guest's page does: accept or refuse, then the signed callback (answers its HTTP status) */
  answer(id: string, accept: boolean): Promise<number>;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

async function readBody(req: IncomingMessage, max = 12 * 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > max) throw new Error('too large');
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function checkCreate(b: Partial<CreateRequest>): string | null {
  if (!b || typeof b !== 'object') return 'body must be an object';
  if (!b.customer?.email || !/^[^@\s]+@[^@\s]+$/.test(b.customer.email)) return 'customer.email is invalid';
  if (!b.deposit || !Number.isInteger(b.deposit.amount) || b.deposit.amount < 0) return 'deposit.amount must be an integer number of cents';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(b.deposit.startDate ?? '') || !/^\d{4}-\d{2}-\d{2}$/.test(b.deposit.endDate ?? '')) return 'deposit dates must be YYYY-MM-DD';
  if (!b.callbacks?.url || !/^https?:\/\//.test(b.callbacks.url)) return 'callbacks.url is required';
  return null;
}

function page(r: SimRequest, base: string): string {
  const b = r.body;
  const w = pageTexts(b.language);
  const lang = PAGE_TEXTS[b.language] ? b.language : 'fr';
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Swikly – ${escapeHtml(w.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
.card{border:1px solid #ccc;border-radius:8px;padding:1rem 1.25rem}dt{font-weight:600}dd{margin:0 0 .5rem}
button{font-size:1rem;padding:.6rem 1.2rem;border-radius:6px;border:0;margin-right:.5rem;cursor:pointer}
.ok{background:#1b6e3a;color:#fff}.no{background:#9b1c1c;color:#fff}.note{color:#444;font-size:.9rem}</style></head>
<body><main><h1>${escapeHtml(w.title)}</h1><p class="note">${escapeHtml(w.note)}</p>
<div class="card"><dl><dt>${escapeHtml(w.for)}</dt><dd>${escapeHtml(b.customer.firstName)} ${escapeHtml(b.customer.lastName)}</dd>
<dt>${escapeHtml(w.amount)}</dt><dd>${pageAmount(b.deposit.amount, b.language)}</dd>
<dt>${escapeHtml(w.periodLabel)}</dt><dd>${escapeHtml(w.period(pageDay(b.deposit.startDate, b.language), pageDay(b.deposit.endDate, b.language)))}</dd>
<dt>${escapeHtml(w.object)}</dt><dd>${escapeHtml(b.description)}</dd></dl>
${
  r.status !== 'pending'
    ? `<p role="status"><strong>${escapeHtml(w.status[r.status])}</strong></p>${b.redirectUrl ? `<p><a href="${escapeHtml(b.redirectUrl)}">${escapeHtml(w.back)}</a></p>` : ''}`
    : `<form method="post" action="${base}/r/${r.id}"><button class="ok" name="answer" value="accept">${escapeHtml(w.accept)}</button><button class="no" name="answer" value="refuse">${escapeHtml(w.refuse)}</button></form>`
}</div></main></body></html>`;
}

export async function startSimulator(opts: { port?: number; host?: string; now?: () => number; publicUrl?: string } = {}): Promise<Simulator> {
  const now = opts.now ?? (() => Math.floor(Date.now() / 1000));
  const requests = new Map<string, SimRequest>();
  const deliveries: Delivery[] = [];
  let throttled = { count: 0, seconds: 0 };
  let down = 0;
  let afterCreate: AfterCreate | null = null;
  let onAction: OnAction | null = null;
  let base = '';

  async function callback(r: SimRequest, event: string): Promise<number> {
    const body = JSON.stringify({ event, data: { id: r.id, customId: r.body.customId, status: r.status } });
    // Swikly tries again when the answer is not 2xx; three tries here, a second apart
    let status = 0;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const res = await fetch(r.body.callbacks.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'swikly-signature': signatureHeader(r.key, body, now()) },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        await res.body?.cancel();
      } catch {
        status = 0;
      }
      deliveries.push({ request: r.id, event, status });
      if (status >= 200 && status < 300) break;
      await new Promise((ok) => setTimeout(ok, 1000));
    }
    return status;
  }

  /**
   * The demo seed's deposits (seed/deposits.ts) name requests this simulator never made ('swk_demo_…'): it
   * takes them as accepted ones of the account that asks, so that the demo's release and claim work.
   */
  function demoRequest(id: string, account: string, key: string): SimRequest | undefined {
    if (!/^swk_demo_\w+$/.test(id)) return undefined;
    const today = new Date().toISOString().slice(0, 10);
    const r: SimRequest = {
      id, account, key, status: 'accepted', reclaims: [], created: now(),
      body: { description: 'Démo', language: 'fr', customId: id, customer: { firstName: '', lastName: '', email: 'demo@example.test' }, deposit: { startDate: today, endDate: today, amount: 15000 }, callbacks: { url: 'http://127.0.0.1:9/' }, sendEmail: false },
    };
    requests.set(id, r);
    return r;
  }

  async function answer(id: string, accept: boolean) {
    const r = requests.get(id);
    if (!r || r.status !== 'pending') return 409;
    r.status = accept ? 'accepted' : 'refused';
    return callback(r, accept ? 'request.accepted' : 'request.refused');
  }

  const view = (r: SimRequest) => ({ id: r.id, status: r.status, link: `${base}/r/${r.id}`, customId: r.body.customId });

  /** The account's requests, newest first, whose customId, names, e-mail or description hold `search`. */
  function search(res: ServerResponse, account: string, query: URLSearchParams) {
    const text = (query.get('search') ?? '').trim().toLowerCase();
    const perPage = Math.min(100, Math.max(1, Number(query.get('per_page')) || 15));
    const page = Math.max(1, Number(query.get('page')) || 1);
    const found = [...requests.values()]
      .filter((r) => r.account === account)
      .filter((r) => !text || [r.body.customId, r.body.customer.firstName, r.body.customer.lastName, r.body.customer.email, r.body.description].some((v) => (v ?? '').toLowerCase().includes(text)))
      .reverse();
    const lastPage = Math.max(1, Math.ceil(found.length / perPage));
    return json(res, 200, {
      requests: found.slice((page - 1) * perPage, page * perPage).map(view),
      meta: { currentPage: page, lastPage, perPage, path: `${base}/v1/accounts/${account}/requests`, total: found.length },
    });
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) {
    const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!key) return json(res, 401, { message: 'Unauthorized' });
    if (req.headers.accept !== 'application/json') return json(res, 406, { message: 'Accept: application/json is required' });
    if (throttled.count > 0) {
      throttled.count--;
      return json(res, 429, { message: 'Too many requests' }, { 'retry-after': String(throttled.seconds) });
    }
    if (down > 0) {
      down--;
      return json(res, 503, { message: 'Service unavailable' });
    }
    const m = /^\/accounts\/([^/]+)\/requests(?:\/([^/]+)(?:\/(release|reclaims|cancel))?)?$/.exec(path);
    if (!m) return json(res, 404, { message: 'Not found' });
    const [, account, id, action] = m;
    const text = req.method === 'POST' ? await readBody(req) : '';
    let body: unknown = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      return json(res, 400, { message: 'Invalid JSON' });
    }
    if (!id && req.method === 'GET') return search(res, account, query);
    if (!id && req.method === 'POST') {
      const problem = checkCreate(body as CreateRequest);
      if (problem) return json(res, 400, { message: problem });
      const asked = body as CreateRequest;
      if (asked.customIdMustBeUnique && asked.customId && [...requests.values()].some((o) => o.account === account && o.body.customId === asked.customId)) {
        return json(res, 409, { message: 'customId is already used by another request of this account' });
      }
      const r: SimRequest = { id: `swk_${randomBytes(8).toString('hex')}`, account, key, status: 'pending', body: asked, reclaims: [], created: now() };
      requests.set(r.id, r);
      if (afterCreate && (await afterCreate(r)) === 'lose') {
        // made, but nobody reads the answer
        req.socket.destroy();
        return;
      }
      return json(res, 201, view(r));
    }
    const r = id ? (requests.get(id) ?? demoRequest(id, account, key)) : undefined;
    if (!r || r.account !== account) return json(res, 404, { message: 'Request not found' });
    if (r.key !== key) return json(res, 401, { message: 'Unauthorized' });
    if (req.method === 'GET' && !action) return json(res, 200, view(r));
    // a request the guest has not answered is withdrawn (Swikly's `cancelable`), by POST …/cancel or DELETE
    if ((req.method === 'POST' && action === 'cancel') || (req.method === 'DELETE' && !action)) {
      if (r.status !== 'pending') return json(res, 409, { message: `The request is ${r.status}: only a pending one can be cancelled` });
      r.status = 'cancelled';
      return json(res, 200, view(r));
    }
    if (req.method !== 'POST' || !action) return json(res, 405, { message: 'Method not allowed' });
    const fate = onAction ? await onAction(r, action === 'release' ? 'release' : 'reclaim') : 'answer';
    if (fate === 'drop') {
      req.socket.destroy();
      return;
    }
    if (r.status !== 'accepted') return json(res, 409, { message: `The deposit is ${r.status}` });
    if (action === 'release') {
      r.status = 'released';
      void callback(r, 'request.released');
      if (fate === 'lose') return void req.socket.destroy();
      return json(res, 200, view(r));
    }
    const reclaim = body as Reclaim;
    if (!Number.isInteger(reclaim.amount) || reclaim.amount <= 0 || reclaim.amount > r.body.deposit.amount) return json(res, 400, { message: 'amount must be between 1 and the deposit, in cents' });
    if (!Array.isArray(reclaim.files)) return json(res, 400, { message: 'files must be a list' });
    r.reclaims.push(reclaim);
    r.status = 'claimed';
    void callback(r, 'reclaim.created');
    if (fate === 'lose') return void req.socket.destroy();
    return json(res, 201, { id: `rcl_${randomBytes(6).toString('hex')}`, amount: reclaim.amount, status: 'created' });
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sim');
    const path = url.pathname;
    void (async () => {
      if (path.startsWith('/v1/')) return api(req, res, path.slice(3), url.searchParams);
      const r = /^\/r\/([\w-]+)$/.exec(path);
      const found = r ? requests.get(r[1]) : undefined;
      if (found && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(page(found, base));
      }
      if (found && req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req, 10_000));
        await answer(found.id, form.get('answer') === 'accept');
        // as Swikly does once the guest answered: back to the address the request names (the guest app's
        // deposit screen, which then shows the outcome: the callback was answered before this)
        res.writeHead(303, { location: found.body.redirectUrl ?? `${base}/r/${found.id}` });
        return res.end();
      }
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
    })().catch(() => {
      if (!res.headersSent) json(res, 500, { message: 'Simulator error' });
      else res.end();
    });
  });
  await new Promise<void>((ok, ko) => {
    server.once('error', ko);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => ok());
  });
  const port = (server.address() as AddressInfo).port;
  base = opts.publicUrl ?? `http://localhost:${port}`;
  return {
    url: base,
    api: `http://127.0.0.1:${port}/v1`,
    requests,
    deliveries,
    throttle: (count, seconds) => {
      throttled = { count, seconds };
    },
    outage: (count) => {
      down = count;
    },
    afterCreate: (hook) => {
      afterCreate = hook;
    },
    onAction: (hook) => {
      onAction = hook;
    },
    answer,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
