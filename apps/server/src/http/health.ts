import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { infrastructure, type Readiness } from '@campsite/shared';
import { pendingMigrations } from '../db/migrate';
import { queueByKind } from '../jobs/store';
import type { Deps } from './deps';

/** A readiness check waits this long for the database before it says no (a load balancer's probe is short). */
const DATABASE_WAIT_MS = 2000;

/**
 * The infrastructure calls (packages/shared, contract/infrastructure.ts), served outside `serve()`: no session,
 * never in the answer cache (their answer changes without a write), and `ready` answers 503 when not ready.
 * - health: the process answers. It reads nothing, so a supervisor restarts a process that hangs, not one whose
 *   database is away (a restart would not bring it back).
 * - ready: this instance can serve, for a load balancer: the database answers, every migration this code has is
 *   applied (an instance of a newer version waits for its migrations, an older one keeps serving), and jobs are
 *   taken by some instance (`JOBS=off` on this one is fine while another runs them).
 */
export function registerHealth(app: FastifyInstance, deps: Deps) {
  const { health, ready } = infrastructure;
  app.get(`/api/${health.path}`, { schema: { summary: health.summary, tags: ['infrastructure'], response: { 200: health.answer } } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const, version: deps.version };
  });
  app.get(
    `/api/${ready.path}`,
    { schema: { summary: ready.summary, tags: ['infrastructure'], response: { 200: ready.answer, 503: ready.answer } } },
    async (_req, reply) => {
      const answer = await readiness(deps);
      reply.header('cache-control', 'no-store');
      return reply.status(answer.ready ? 200 : 503).send(answer);
    },
  );
}

/** How long due jobs may wait, with no job running anywhere, before nobody is deemed to take them. */
export const stalledAfter = (deps: Deps) => Math.max(120, 4 * deps.env.JOBS_LEASE_SECONDS);

export async function readiness(deps: Deps): Promise<Readiness> {
  const no = (reason: string) => ({ ok: false, reason });
  const yes = { ok: true };
  const reached = await within(deps.db.execute(sql`SELECT 1`), DATABASE_WAIT_MS);
  if (reached !== true) {
    const database = no(reached === 'late' ? `La base de données ne répond pas en ${DATABASE_WAIT_MS / 1000} s.` : 'La base de données refuse la connexion.');
    const unknown = no('Inconnu tant que la base de données ne répond pas.');
    return { ready: false, checks: { database, migrations: unknown, jobs: unknown } };
  }
  const [pending, queue] = await Promise.all([pendingMigrations(deps.database), queueByKind(deps.db, deps.now())]);
  const migrations = pending.length ? no(`${pending.length} migration(s) à appliquer (${pending[0]}…) : un serveur de cette version les applique à son démarrage.`) : yes;
  const now = deps.now();
  const oldest = Math.min(...queue.map((q) => q.oldest_due ?? now), now);
  const stalled = now - oldest > stalledAfter(deps) && !queue.some((q) => q.running > 0);
  const jobs = stalled ? no(`Des tâches attendent depuis ${Math.round((now - oldest) / 60)} min et aucune ne tourne : aucune instance n'a JOBS=on ?`) : yes;
  return { ready: migrations.ok && jobs.ok, checks: { database: yes, migrations, jobs } };
}

async function within(work: Promise<unknown>, ms: number): Promise<true | 'late' | 'failed'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}
