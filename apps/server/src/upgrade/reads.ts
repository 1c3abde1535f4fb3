import { httpCalls } from './season';

/**
 * The dashboard's and the guest app's reads, walked through a server's API, each answer summed up (its
 * status, and how many of each thing it holds): what the previous version answered on its database
 * (recorded in previous/reads.json when it was made) and what this version answers on the same database
 * upgraded must agree (upgrade.test.ts). The reads are every GET of the server's OpenAPI document that
 * needs no parameter, plus the main reads of one thing (a client, a stay, a conversation…) with an id
 * taken from a list. Over HTTP (the previous version's process) or inject (this version's app) alike.
 */
export type Send = (method: 'GET' | 'POST', path: string, body?: unknown, cookie?: string) => Promise<{ status: number; text: string; type: string; cookie?: string }>;

/** The reads of a server over HTTP (a process: the previous version's). */
export const httpSend = (base: string): Send => {
  const call = httpCalls(base);
  return (method, path, body, cookie) => call(method, path.replace(/^\/api\//, ''), body, cookie);
};

/** The accounts the walk signs in with: the demo's super account, and a guest the season signed up. */
export interface WalkAccounts {
  admin: { login: string; password: string };
  guest: { email: string; password: string };
}

/**
 * Reads left out, and why: they answer about the process or the moment, not the database (the version, a
 * live stream, the backup folder), or their answer is a file whose bytes carry the time it was made.
 */
export const NOT_COMPARED = [
  '/api/health', // the process
  '/api/ready', // the process
  '/api/webapp/config/version', // the build's version
  '/api/dashboard/backups/state', // BACKUP_DIR, not the database
  '/api/dashboard/backups/warnings', // BACKUP_DIR and the process's uptime
  '/api/webapp/conversations/stream', // a live stream
  '/api/webapp/chat/stream', // a live stream
];

/** Summed up: `200 rows[25] total=312`, `200 [14]`, `200 text/csv 251 lines`, `404`. */
export function summary(status: number, text: string, type: string): string {
  if (status !== 200) return String(status);
  if (!type.includes('json')) return `200 ${type.split(';')[0]}${type.includes('csv') ? ` ${text.split('\n').filter(Boolean).length} lines` : ''}`;
  return `200 ${shape(JSON.parse(text))}`;
}

/**
 * Whether an answer agrees with the one the previous version gave: the same status, and every count and
 * value the previous answer had (a field a release adds to an answer is no difference; one it drops is).
 */
export function agrees(before: string, now: string | undefined): boolean {
  if (now === undefined) return false;
  if (before === now) return true;
  const [b, n] = [before, now].map((answer) => /^200 \{(.*)\}$/.exec(answer)?.[1]);
  if (b === undefined || n === undefined) return false;
  const parts = new Set(n.split(' '));
  return b
    .split(' ')
    .filter(Boolean)
    .every((part) => parts.has(part));
}

function shape(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const parts: string[] = [];
  for (const [key, v] of Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) {
    if (Array.isArray(v)) parts.push(`${key}[${v.length}]`);
    else if (typeof v === 'number' || typeof v === 'boolean') parts.push(`${key}=${v}`);
  }
  return `{${parts.join(' ')}}`;
}

const cookieOf = (answer: { cookie?: string }, who: string) => {
  if (!answer.cookie) throw new Error(`${who} could not sign in`);
  return answer.cookie;
};

/** `now`: the server's time, epoch seconds (the statistics' range ends there). */
export async function walkReads(send: Send, accounts: WalkAccounts, now: number): Promise<Record<string, string>> {
  const staff = cookieOf(await send('POST', '/api/dashboard/users/login', { login: accounts.admin.login, password: accounts.admin.password }), 'admin');
  const guest = cookieOf(await send('POST', '/api/webapp/account/login', accounts.guest), 'the guest');
  // both sessions at once: each call reads the one its declaration asks for
  const both = `${staff}; ${guest}`;
  const out: Record<string, string> = {};
  const read = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const answer = await send(method, path, body, both);
    out[`${method} ${path}${body ? ` ${JSON.stringify(body)}` : ''}`] = summary(answer.status, answer.text, answer.type);
    return answer.status === 200 && answer.type.includes('json') ? JSON.parse(answer.text) : undefined;
  };

  const doc = JSON.parse((await send('GET', '/api/openapi.json')).text) as { paths: Record<string, { get?: { parameters?: { required?: boolean }[] } }> };
  for (const [path, ops] of Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b))) {
    if (!ops.get || NOT_COMPARED.includes(path) || (ops.get.parameters ?? []).some((p) => p.required)) continue;
    await read('GET', path);
  }

  // one of each main thing, by an id from its list
  const first = <T>(list: T[] | undefined) => list?.[0];
  const clients = await read('GET', '/api/dashboard/clients/list?per_page=5');
  const client = first<{ client_number: string }>(clients?.rows);
  if (client) await read('POST', '/api/dashboard/clients/find', { client_number: client.client_number });
  const stay = first<{ stay_number: string }>((await read('GET', '/api/dashboard/stays/list?per_page=5&on_site=1'))?.rows);
  if (stay) {
    await read('POST', '/api/dashboard/stays/find', { stay_number: stay.stay_number });
    await read('GET', `/api/dashboard/inventories/find-by-stay-number?stay_number=${stay.stay_number}`);
    await read('GET', `/api/webapp/deposits/find-by-stay?stay_number=${stay.stay_number}`);
  }
  const user = first<{ _id: string }>((await read('GET', '/api/webapp/users/list?per_page=5&activate=yes'))?.rows);
  if (user) {
    await read('POST', '/api/webapp/users/find', { id: user._id });
    await read('POST', '/api/webapp/notifications/find-by-user', { user: user._id });
  }
  const conversation = first<{ _id: string }>((await read('GET', '/api/webapp/conversations/list?per_page=5'))?.rows);
  if (conversation) await read('POST', '/api/webapp/messages/find-by-conversation', { conversation: conversation._id });
  const mine = first<{ _id: string }>(await read('GET', '/api/webapp/chat/conversations'));
  if (mine) await read('POST', '/api/webapp/chat/thread', { conversation: mine._id });
  for (const service of ((await read('GET', '/api/dashboard/services/list')) ?? []) as { _id: string }[]) {
    await read('GET', `/api/webapp/services/find?id=${service._id}`);
    await read('GET', `/api/dashboard/service_benefits/find-by-service?service=${service._id}`);
    await read('GET', `/api/webapp/service_reservations/find-by-service?service=${service._id}`);
  }
  const animation = first<{ _id: string }>(await read('GET', '/api/webapp/animations/list'));
  if (animation) await read('GET', `/api/webapp/animations/find?id=${animation._id}`);
  const page = first<{ _id: string }>(await read('GET', '/api/webapp/pages/list'));
  if (page) await read('GET', `/api/webapp/pages/find?id=${page._id}`);
  const accommodation = first<{ _id: string }>(await read('GET', '/api/dashboard/accommodations/list'));
  if (accommodation) await read('GET', `/api/dashboard/accommodations/find?id=${accommodation._id}`);
  for (const model of ((await read('GET', '/api/dashboard/review_models/list')) ?? []) as { _id: string; type: string }[]) {
    await read('GET', `/api/webapp/reviews/find-by-type?type=${model.type}&model=${model._id}`);
    await read('GET', `/api/dashboard/reviews/stats?model=${model._id}&from=0&to=4102444800`);
  }
  await read('GET', `/api/dashboard/stats/overview?from=${now - 60 * 86400}&to=${now}`);
  return out;
}
