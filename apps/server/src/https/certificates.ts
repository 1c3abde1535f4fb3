import { readFileSync, statSync } from 'node:fs';
import { createSecureContext, type SecureContext } from 'node:tls';
import { X509Certificate } from 'node:crypto';
import type { Db } from '../db/client';
import { safeErrorMessage } from '../db/errors';
import { orderCertificate, type AcmeSettings } from './acme';
import { endOrder, readCertificate, saveCertificate, takeOrderLease } from './tls.repository';

export interface Served {
  context: SecureContext;
  cert: string;
  key: string;
  notAfter: number;
  /** when this certificate was stored (ACME) or the files last changed (TLS_CERT) */
  version: number;
}

export interface CertificateSource {
  /** the certificate to serve now; null until the first one is obtained */
  current(): Served | null;
  /** called with each new certificate (the servers' default context follows it) */
  onChange(listener: (served: Served) => void): void;
  /** reads the database (or the files) again and renews what is due: the timer's work, callable by a test */
  check(opts?: { force?: boolean }): Promise<void>;
  /** days left per name, for the metrics */
  daysLeft(): { domain: string; daysLeft: number }[];
  stop(): void;
}

/** How often every instance looks for a new certificate (another's renewal, new files) and for one due. */
const CHECK_MS = 60_000;
/** An order holds its lease this long at most; after a failure, nobody tries again before this back-off. */
const LEASE_SECONDS = 600;
const RETRY_SECONDS = 900;

function serve(cert: string, key: string, version: number): Served {
  const notAfter = Math.floor(new Date(new X509Certificate(cert).validTo).getTime() / 1000);
  return { context: createSecureContext({ cert, key }), cert, key, notAfter, version };
}

/** Renew with a third of its life left, at most 30 days before its end (Let's Encrypt's 90 days: at 30). */
export function renewalDue(cert: string, now: number): boolean {
  const x = new X509Certificate(cert);
  const from = new Date(x.validFrom).getTime() / 1000;
  const to = new Date(x.validTo).getTime() / 1000;
  return to - now < Math.min(30 * 86_400, (to - from) / 3);
}

function base(names: string[], say: (line: string) => void) {
  let served: Served | null = null;
  const listeners: ((s: Served) => void)[] = [];
  return {
    get served() {
      return served;
    },
    set(next: Served) {
      served = next;
      for (const l of listeners) l(next);
    },
    onChange: (l: (s: Served) => void) => void listeners.push(l),
    daysLeft: (now: number) => (served ? names.map((domain) => ({ domain, daysLeft: Math.floor((served!.notAfter - now) / 86_400) })) : []),
    say,
  };
}

/**
 * Certificates from an ACME service, shared through the database: every instance serves the stored one and
 * reloads it each minute; the one instance that takes the lease orders a new one when it is missing or due.
 */
export function acmeCertificates(opts: { db: Db; acme: AcmeSettings; names: string[]; now: () => number; say: (line: string) => void; warn: (line: string) => void }): CertificateSource {
  const { db, names, now } = opts;
  const key = names.join(',');
  const state = base(names, opts.say);
  let running: Promise<void> | null = null;

  async function order() {
    if (!(await takeOrderLease(db, key, now(), now() + LEASE_SECONDS))) return;
    try {
      const made = await orderCertificate(db, opts.acme, names, now);
      await saveCertificate(db, made);
      await endOrder(db, key, 0, null);
      state.set(serve(made.cert, made.key, made.updatedAt));
      opts.say(`  Certificat HTTPS obtenu pour ${names.join(', ')}, valable jusqu'au ${new Date(made.notAfter * 1000).toLocaleDateString('fr-FR')}.`);
    } catch (err) {
      const message = safeErrorMessage(err);
      await endOrder(db, key, now() + RETRY_SECONDS, message).catch(() => {});
      opts.warn(`Certificat HTTPS pour ${names.join(', ')} : la demande à ${opts.acme.directory} a échoué (${message}). Nouvel essai dans ${RETRY_SECONDS / 60} min ; vérifiez que ces noms désignent ce serveur et que le port HTTP_PORT lui parvient.`);
    }
  }

  async function check(o: { force?: boolean } = {}) {
    const stored = await readCertificate(db, key);
    if (stored && stored.cert !== state.served?.cert) state.set(serve(stored.cert, stored.key, stored.updatedAt));
    if (o.force || !stored || renewalDue(stored.cert, now())) await order();
  }

  const guarded = (o?: { force?: boolean }) => (running ??= check(o).finally(() => (running = null)));
  const timer = setInterval(() => void guarded().catch((err) => opts.warn(`Certificat HTTPS : ${safeErrorMessage(err)}`)), CHECK_MS);
  timer.unref();
  return {
    current: () => state.served,
    onChange: state.onChange,
    check: async (o) => {
      await running?.catch(() => {});
      await guarded(o);
    },
    daysLeft: () => state.daysLeft(now()),
    stop: () => clearInterval(timer),
  };
}

/** The campsite's own certificate (TLS_CERT/TLS_KEY): read at start, and again whenever either file changes. */
export function fileCertificates(opts: { certFile: string; keyFile: string; names: string[]; now: () => number; warn: (line: string) => void }): CertificateSource {
  const state = base(opts.names, () => {});
  const version = () => Math.max(statSync(opts.certFile).mtimeMs, statSync(opts.keyFile).mtimeMs);
  async function check() {
    try {
      const v = version();
      if (v !== state.served?.version) state.set(serve(readFileSync(opts.certFile, 'utf8'), readFileSync(opts.keyFile, 'utf8'), v));
    } catch (err) {
      // a renewal by another tool writes the two files one after the other: the next check takes them
      if (!state.served) throw err;
      opts.warn(`TLS_CERT/TLS_KEY : lecture impossible (${safeErrorMessage(err)}) ; le certificat précédent reste servi.`);
    }
  }
  const timer = setInterval(() => void check(), CHECK_MS);
  timer.unref();
  return { current: () => state.served, onChange: state.onChange, check, daysLeft: () => state.daysLeft(opts.now()), stop: () => clearInterval(timer) };
}
