import type { PLANS } from '@campsite/shared';
import type { Database, Db } from '../db/client';
import type { Env } from '../env';
import type { Mailer } from '../integrations/mailer';
import type { Scheduler } from '../jobs/scheduler';
import type { Metrics } from '../platform/metrics/metrics';
import type { AnswerCache } from './answer-cache';

/** What every route and service may need, built once by buildApp and shared by both ports. */
export interface Deps {
  database: Database;
  db: Db;
  env: Env;
  mailer: Mailer;
  /** the durable scheduler: enqueue jobs here; started by main.ts, not by the test harness */
  jobs: Scheduler;
  /** current time in epoch seconds; tests may freeze it */
  now: () => number;
  /** the build's version (APP_VERSION or a hash of the built dashboard), the same on every instance */
  version: string;
  /** serialized public answers and the configuration, until the next write (answer-cache.ts) */
  cache: AnswerCache;
  /** Prometheus metrics of this server (platform/metrics): counters to count on, /metrics reads them */
  metrics: Metrics;
  /** validate every answer with its zod schema (development and tests; not in production) */
  checkAnswers: boolean;
  /**
   * What every call's access check reads of the settings (http/calls.ts): given by the configuration
   * module when the server is built (app.ts), so that http/ never imports a module.
   */
  access: () => Promise<AccessSettings>;
  /**
   * Multi-site mode only (src/sites): the plan the operator set in the control database, read at each
   * call. Unset in single-site mode, where the plan is the administrator settings' `features`.
   */
  operatorPlan?: () => Plan;
  /** Multi-site mode only: the site's id in the control database (its requests' log lines name it). */
  site?: number;
  /** Multi-site mode only: records a staff member's 'Oui, ça m'intéresse !' for the operator (control database). */
  upsell?: (request: { who: string; what: string }) => Promise<void>;
}

export type Plan = (typeof PLANS)[number];

export interface AccessSettings {
  /** the guest app's content is public (admin.application_ouverte), not for signed-in guests only */
  open: boolean;
  /** the premium plan: its calls answer (admin.features) */
  premium: boolean;
}
