import type { Answer, Body, Callable, Query } from '../contract/call';

export const MAX_URL_LENGTH = 2000;

/** A call that failed at HTTP level: 400 with French messages per field, 401, 403, 413, 429, 5xx. */
export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public fields: Record<string, string> = {},
    /** a throttle's 429: seconds before trying again (Retry-After), for words in the guest's language */
    public retryAfter?: number,
  ) {
    super(message);
  }
}

const retryAfterOf = (res: Response) => {
  const n = Number(res.headers.get('retry-after'));
  return n > 0 ? n : undefined;
};

/** A failure to reach the server at all (weak Wi-Fi, server down). */
export class NetworkError extends Error {}

/**
 * Query string of the spec's conventions: arrays joined with commas, falsy values dropped
 * (0 and false included, as the spec says), everything else as text.
 */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (!v) continue;
    params.set(k, Array.isArray(v) ? v.filter(Boolean).join(',') : String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

export function callUrl(def: Callable, query?: Record<string, unknown>, params?: Record<string, string>, base = '/api/') {
  const path = def.path.replace(/:(\w+)/g, (_, k) => encodeURIComponent(params?.[k] ?? ''));
  return `${base}${path}${queryString(query)}`;
}

export interface CallOptions {
  params?: Record<string, string>;
  signal?: AbortSignal;
  base?: string;
}

/** One typed call of the contract: GET with its query, POST with its JSON body. */
export async function api<C extends Callable>(
  def: C,
  input?: C['method'] extends 'GET' ? Query<C> : Body<C>,
  opts: CallOptions = {},
): Promise<Answer<C>> {
  const isGet = def.method === 'GET';
  const url = callUrl(def, isGet ? (input as Record<string, unknown>) : undefined, opts.params, opts.base);
  if (url.length > MAX_URL_LENGTH) throw new ApiError(414, "L'adresse de la requête est trop longue.");
  let res: Response;
  try {
    res = await fetch(url, {
      method: def.method,
      credentials: 'same-origin',
      signal: opts.signal,
      ...(isGet ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(input ?? {}) }),
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new NetworkError((err as Error).message);
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const body = (data ?? {}) as { message?: string; fields?: Record<string, string> };
    throw new ApiError(res.status, body.message ?? "Une erreur s'est produite", body.fields ?? {}, retryAfterOf(res));
  }
  return data as Answer<C>;
}

/** A multipart upload (files/add-image, files/add-pdf). */
export async function upload<C extends Callable>(def: C, file: Blob, filename: string, fields: Record<string, string> = {}): Promise<Answer<C>> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', file, filename);
  let res: Response;
  try {
    res = await fetch(callUrl(def), { method: 'POST', body: form, credentials: 'same-origin' });
  } catch (err) {
    throw new NetworkError((err as Error).message);
  }
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(res.status, data.message ?? "Une erreur s'est produite", data.fields ?? {});
  return data as Answer<C>;
}
