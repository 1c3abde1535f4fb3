import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Deps } from '../../http/deps';
import { guestBase } from '../../lib/guest-url';
import { getEntry, setEntry } from '../../platform/settings/settings.repository';

/** The last plain-HTTP address outside this machine the guest app was opened on (config 'insecure_guest'). */
interface Seen {
  origin: string;
  at: number;
}
const KEY = 'insecure_guest';
/** A sighting older than this is forgotten (the campsite moved to HTTPS, or the address was a trial). */
const FORGET_AFTER = 7 * 86_400;

const isLoopback = (host: string) => host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1';

function plainOutside(base: string): string | null {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:') return null;
  return isLoopback(url.hostname.replace(/^\[|\]$/g, '')) ? null : base;
}

/** Origins this instance has noted already: one write per address and process, not one per page. */
const noted = new WeakMap<object, Set<string>>();

/**
 * The guest port's hook (app.ts): a page of the guest app served over plain HTTP to an address outside this
 * machine (phones on the campsite's network, `http://192.168.1.20:3001`) is noted, so that the super's home
 * says why push, the offline booklet and the install are missing there, even when GUEST_URL says nothing.
 */
export function noteGuestPage(deps: Deps) {
  return (req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (req.method === 'GET' && req.protocol === 'http' && !req.url.startsWith('/api/') && String(req.headers.accept ?? '').includes('text/html')) {
      const origin = plainOutside(`http://${req.host}`);
      const seen = noted.get(deps.jobs) ?? new Set<string>();
      noted.set(deps.jobs, seen);
      if (origin && !seen.has(origin)) {
        seen.add(origin);
        setEntry(deps.db, KEY, { origin, at: deps.now() } satisfies Seen).catch((err) => {
          seen.delete(origin);
          req.log.warn({ err }, 'insecure guest address not noted');
        });
      }
    }
    done();
  };
}

/** Plain http:// outside this machine, configured (GUEST_URL) or seen in the last week: phones get no service worker, push nor install. */
export async function insecureGuestUrl(deps: Pick<Deps, 'env' | 'db' | 'now'>): Promise<string | null> {
  const base = guestBase(deps);
  if (base.startsWith('https://')) return null;
  const configured = plainOutside(base);
  if (configured) return configured;
  const seen = await getEntry<Seen | null>(deps.db, KEY, null);
  return seen && deps.now() - seen.at < FORGET_AFTER ? seen.origin : null;
}
