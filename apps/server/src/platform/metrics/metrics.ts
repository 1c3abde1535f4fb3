import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { QueueOfKind } from '../../jobs/store';

/** What the metrics read when scraped; given by makeDeps (app.ts), so that this folder imports no area. */
export interface MetricsSources {
  /** jobs due and waiting, the oldest's due time, running ones, per kind (jobs/store.ts) */
  queue: () => Promise<QueueOfKind[]>;
  /** the server's clock, epoch seconds (the database's: deps.now) */
  now: () => number;
  /** the PostgreSQL pool's connections; undefined on the embedded database, which has none */
  pool?: () => { total: number; idle: number; waiting: number; max: number };
}

/** The last backup as the backup part knows it (issue 34, 'Backups'): `at` epoch seconds. */
export interface BackupState {
  at: number;
  ok: boolean;
}

/**
 * The server's Prometheus metrics, one registry per server (both ports share it, through Deps). Counters are
 * counted where things happen (requests: routes.ts; mails: app.ts's mailer; pushes: the notifications' batch);
 * gauges are read from their source when /metrics is scraped. Names follow Prometheus' conventions: a
 * `campsite_` prefix, base units (seconds), `_total` for counters.
 */
export class Metrics {
  readonly registry = new Registry();
  private processMetrics = false;
  private queueRead: Promise<QueueOfKind[]> | undefined;

  readonly requests = new Histogram({
    name: 'campsite_http_request_duration_seconds',
    help: "Time to answer a request, by the contract's call (its declared path, never the address asked), method and status",
    labelNames: ['call', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly keptAnswers = new Counter({
    name: 'campsite_http_kept_answers_total',
    help: 'Public reads answered from their kept answer by their address, before the router (counted in campsite_http_request_duration_seconds too)',
    registers: [this.registry],
  });

  readonly mails = new Counter({
    name: 'campsite_mails_total',
    help: 'Mails handed to the SMTP server (or the outbox), by result: sent or failed',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  readonly pushes = new Counter({
    name: 'campsite_pushes_total',
    help: 'Web Push requests by result: sent, or failed with the reason (gone: subscription ended; refused: the service or our rules refused it; retry: to try again)',
    labelNames: ['result', 'reason'] as const,
    registers: [this.registry],
  });

  /** One push's outcome (modules/notifications): delivered is sent, anything else a failure with its reason. */
  pushed(kind: 'delivered' | 'gone' | 'refused' | 'retry') {
    if (kind === 'delivered') this.pushes.inc({ result: 'sent' });
    else this.pushes.inc({ result: 'failed', reason: kind });
  }

  constructor(private readonly sources: MetricsSources) {
    const { registry } = this;
    // three gauges read the same rows: one statement per scrape (text() forgets it)
    const queue = () => (this.queueRead ??= sources.queue());
    new Gauge({
      name: 'campsite_jobs_waiting',
      help: 'Jobs due and not yet taken, per kind',
      labelNames: ['kind'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const q of await queue()) this.set({ kind: q.kind }, q.waiting);
      },
    });
    new Gauge({
      name: 'campsite_jobs_running',
      help: 'Jobs running under a live lease on some instance, per kind',
      labelNames: ['kind'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const q of await queue()) this.set({ kind: q.kind }, q.running);
      },
    });
    new Gauge({
      name: 'campsite_jobs_oldest_waiting_seconds',
      help: 'How long the oldest due job of a kind has waited (0 when none waits)',
      labelNames: ['kind'],
      registers: [registry],
      async collect() {
        this.reset();
        const now = sources.now();
        for (const q of await queue()) this.set({ kind: q.kind }, q.oldest_due === null ? 0 : Math.max(0, now - q.oldest_due));
      },
    });
    const pool = sources.pool;
    if (pool) {
      new Gauge({
        name: 'campsite_db_pool_connections',
        help: 'PostgreSQL pool connections by state: open (total), idle, waiting (queries queued for a connection), max',
        labelNames: ['state'],
        registers: [registry],
        collect() {
          const p = pool();
          for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, p[state]);
        },
      });
    }
  }

  /**
   * The last backup's age and result (issue 34, 'Backups'): the backup part calls this once at start with how
   * to read it. Until then the series do not exist, rather than show a made-up age.
   */
  provideBackup(read: () => Promise<BackupState | undefined>) {
    const now = this.sources.now;
    // a gauge without labels reads 0 until set (prom-client): before the first backup that would say "just
    // backed up"; the series are left out instead (alert on absent(campsite_backup_age_seconds))
    const withoutMadeUp = (gauge: Gauge, value: (b: BackupState) => number) => {
      const get = gauge.get.bind(gauge);
      gauge.get = async () => {
        const b = await read();
        if (b) gauge.set(value(b));
        const metric = await get();
        return b ? metric : { ...metric, values: [] };
      };
    };
    withoutMadeUp(
      new Gauge({ name: 'campsite_backup_age_seconds', help: 'Seconds since the last backup ended', registers: [this.registry] }),
      (b) => Math.max(0, now() - b.at),
    );
    withoutMadeUp(
      new Gauge({ name: 'campsite_backup_success', help: '1 when the last backup succeeded, 0 when it failed', registers: [this.registry] }),
      (b) => (b.ok ? 1 : 0),
    );
  }

  /** Days left on each served certificate (issue 34, 'HTTPS'): the HTTPS part calls this once at start. */
  provideCertificates(read: () => Promise<{ domain: string; daysLeft: number }[]>) {
    new Gauge({
      name: 'campsite_certificate_days_left',
      help: 'Days before each certificate this server serves expires',
      labelNames: ['domain'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const c of await read()) this.set({ domain: c.domain }, c.daysLeft);
      },
    });
  }

  /**
   * The text Prometheus reads. Node's own metrics (event-loop delay, memory, CPU, GC) start at the first scrape:
   * a test process builds many servers, and each would otherwise keep its own event-loop monitor running.
   */
  async text(): Promise<string> {
    if (!this.processMetrics) {
      this.processMetrics = true;
      collectDefaultMetrics({ register: this.registry });
    }
    this.queueRead = undefined;
    return this.registry.metrics();
  }
}
