import { setTimeout as sleep } from 'node:timers/promises';

// A small typed client of Swikly's REST API v1 (no npm client exists): Bearer key, JSON, amounts in cents.
// The simulator (simulator.ts) serves the same API on a local port, so that this one client is what the
// demo, the tests and production run; only the base address and the keys differ (README, 'Swikly').

export type RequestStatus = 'pending' | 'accepted' | 'refused' | 'released' | 'claimed' | 'expired' | 'cancelled';
export const SWIKLY_LANGS = ['fr', 'en', 'es', 'it', 'nl', 'de'] as const;

export interface CreateRequest {
  description: string;
  /** fr, en, es, it, nl or de (Swikly's languages; Portuguese guests read English) */
  language: (typeof SWIKLY_LANGS)[number];
  /** ours: the deposit row's id, so that a request whose answer was lost is found again by it (findByCustomId) */
  customId: string;
  /** Swikly refuses a second request with the same customId on the account (a second guard against a double create) */
  customIdMustBeUnique?: boolean;
  customer: { firstName: string; lastName: string; email: string };
  /** dates as YYYY-MM-DD; amount in cents */
  deposit: { startDate: string; endDate: string; amount: number };
  callbacks: { url: string };
  redirectUrl?: string;
  /** we mail the guest ourselves, in their language */
  sendEmail: boolean;
}
export interface SwiklyRequest {
  id: string;
  status: RequestStatus;
  link: string;
  customId?: string;
}
export interface Reclaim {
  amount: number;
  reason: string;
  files: { name: string; contentType: string; content: string }[];
}

/**
 * Why a call failed: down (no answer, 5xx), busy (429, retry after `retryAfter` s), refused (4xx: the
 * reason; `status` says which: 404 an unknown request, 409 a request in another state or a customId taken).
 */
export class SwiklyError extends Error {
  constructor(
    readonly kind: 'down' | 'busy' | 'refused',
    message: string,
    readonly retryAfter = 0,
    readonly status = 0,
  ) {
    super(message);
  }
}

export interface SwiklyAccount {
  baseUrl: string;
  accountId: string;
  /** the account's secret key: the Bearer key of the API and the key of the webhooks' signature */
  key: string;
}

/** A wait the client takes itself on a 429 (longer ones go back to the job, which runs again then). */
const MAX_INLINE_WAIT = 5;
const TIMEOUT_MS = 15_000;

export class SwiklyClient {
  constructor(private readonly account: SwiklyAccount) {}

  createRequest(body: CreateRequest) {
    return this.send<SwiklyRequest>('POST', `/accounts/${this.id()}/requests`, body);
  }
  getRequest(id: string) {
    return this.send<SwiklyRequest>('GET', `/accounts/${this.id()}/requests/${encodeURIComponent(id)}`);
  }
  /** The request, or null when Swikly does not know it (404). */
  async findRequest(id: string): Promise<SwiklyRequest | null> {
    try {
      return await this.getRequest(id);
    } catch (err) {
      if (err instanceof SwiklyError && err.status === 404) return null;
      throw err;
    }
  }
  /**
   * The request made with this customId, or null: the list's search (`?search=`) narrowed to the exact
   * customId. With several (none when customIdMustBeUnique held), an open one first.
   */
  async findByCustomId(customId: string): Promise<SwiklyRequest | null> {
    const q = new URLSearchParams({ search: customId, page: '1', per_page: '50' });
    const { requests } = await this.send<{ requests?: SwiklyRequest[] }>('GET', `/accounts/${this.id()}/requests?${q}`);
    const same = (requests ?? []).filter((r) => r.customId === customId);
    return same.find((r) => r.status === 'pending' || r.status === 'accepted') ?? same[0] ?? null;
  }
  /** Withdraws a request the guest has not answered (Swikly: only a pending one; 409 otherwise). */
  cancelRequest(id: string) {
    return this.send<SwiklyRequest>('POST', `/accounts/${this.id()}/requests/${encodeURIComponent(id)}/cancel`, {});
  }
  release(id: string) {
    return this.send<SwiklyRequest>('POST', `/accounts/${this.id()}/requests/${encodeURIComponent(id)}/release`, {});
  }
  reclaim(id: string, body: Reclaim) {
    return this.send<{ id: string; amount: number; status: string }>('POST', `/accounts/${this.id()}/requests/${encodeURIComponent(id)}/reclaims`, body);
  }

  private id = () => encodeURIComponent(this.account.accountId);

  private async send<T>(method: 'GET' | 'POST', path: string, body?: unknown, tries = 3): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.account.baseUrl.replace(/\/$/, '')}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.account.key}`,
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new SwiklyError('down', (err as Error).message);
    }
    if (res.status === 429) {
      // Retry-After in seconds (or an HTTP date); about 120 requests a minute are allowed
      const header = res.headers.get('retry-after') ?? '';
      const wait = /^\d+$/.test(header) ? Number(header) : Math.max(1, Math.ceil((Date.parse(header) - Date.now()) / 1000) || 60);
      await res.body?.cancel();
      if (wait <= MAX_INLINE_WAIT && tries > 1) {
        await sleep(wait * 1000);
        return this.send(method, path, body, tries - 1);
      }
      throw new SwiklyError('busy', 'Too many requests', wait, 429);
    }
    const text = await res.text();
    if (res.status >= 500) throw new SwiklyError('down', `HTTP ${res.status}`, 0, res.status);
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      throw new SwiklyError('down', `HTTP ${res.status}: not JSON`);
    }
    if (!res.ok) {
      const message = (json as { message?: unknown }).message;
      throw new SwiklyError('refused', typeof message === 'string' ? message.slice(0, 300) : `HTTP ${res.status}`, 0, res.status);
    }
    return json as T;
  }
}
