import type { Database, Db } from '../db/client';
import type { Env } from '../env';
import type { Mailer } from '../integrations/mailer';

/** What every route and service may need, built once by buildApp and shared by both ports. */
export interface Deps {
  database: Database;
  db: Db;
  env: Env;
  mailer: Mailer;
  /** current time in epoch seconds; tests may freeze it */
  now: () => number;
  /** the build's version (APP_VERSION or a hash of the built dashboard), the same on every instance */
  version: string;
}
