import type { z } from 'zod';
import type { Tx } from '../db/client';
import type { Deps } from '../http/deps';
import type { EnqueueOptions, HandlerResult, Job, NextRun, Scheduler } from './scheduler';

/**
 * A job kind, declared once in its area's `<area>.jobs.ts`: its name, its payload's schema and how hard it
 * is tried. Services queue it through the declaration (`mailJob.enqueue(deps, payload, { tx })`), never by
 * a string: the payload is checked against the schema when queued (a wrong payload is a bug of ours, found
 * at the call and not in a job failing later) and again when run (a row queued by an older version). The
 * handler is bound apart (`handleJob`), so that queueing a job imports nothing of what running it needs
 * (a mail, a PDF). See docs/conventions.md 'A background job'.
 */
export interface JobKindSpec<S extends z.ZodType> {
  kind: string;
  payload: S;
  /** tries before the job is marked failed (default 5) */
  attempts?: number;
  /** seconds to wait before retry number `attempt` (default 30 s doubling, at most an hour) */
  backoff?: (attempt: number) => number;
}

export type JobHandler<S extends z.ZodType> = (deps: Deps, job: Job<z.output<S>>) => Promise<HandlerResult>;

export interface HandleOptions<S extends z.ZodType> {
  /** what the job stood for is closed when it is given up for good (see HandlerOptions.onGiveUp) */
  onGiveUp?: (deps: Deps, job: Job<z.output<S>>, error: string) => Promise<void>;
}

/** A kind declared with its handler in one place (jobs that queueing costs nothing to import). */
export interface JobSpec<S extends z.ZodType> extends JobKindSpec<S>, HandleOptions<S> {
  handler: JobHandler<S>;
}

/** What queueing needs: the kind's name, `enqueue` and `cancel`. */
export interface JobKind<S extends z.ZodType = z.ZodType> {
  readonly kind: string;
  readonly spec: JobKindSpec<S>;
  /** Queues one job; answers its id, or null when its dedupe key was used before. */
  enqueue(deps: Pick<Deps, 'jobs'>, payload: z.input<S>, opts?: EnqueueOptions): Promise<string | null>;
  /** Cancels the queued jobs of this kind whose payload holds these fields (a running one finishes its run). */
  cancel(deps: Pick<Deps, 'jobs'>, match: Partial<Record<keyof z.output<S>, string>>, tx?: Tx): Promise<number>;
}

/** A kind with its handler: what the scheduler registers (listed in the area's JobArea). */
export interface JobDef<S extends z.ZodType = z.ZodType> extends JobKind<S> {
  register(scheduler: Scheduler, deps: Deps): void;
}

/** The payload as the handler may trust it, or an error that fails the try (kept as the job's last error). */
function checked<S extends z.ZodType>(kind: string, schema: S, payload: unknown): z.output<S> {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new Error(`job ${kind}: payload refused (${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')})`);
  return parsed.data;
}

export function declareJob<S extends z.ZodType>(spec: JobKindSpec<S>): JobKind<S> {
  return {
    kind: spec.kind,
    spec,
    enqueue: async (deps, payload, opts = {}) => deps.jobs.enqueue(spec.kind, checked(spec.kind, spec.payload, payload), { maxAttempts: spec.attempts, ...opts }),
    cancel: (deps, match, tx) => deps.jobs.cancel({ kind: spec.kind, payload: match as Record<string, string> }, tx),
  };
}

/** Binds a declared kind to its handler. */
export function handleJob<S extends z.ZodType>(declared: JobKind<S>, handler: JobHandler<S>, opts: HandleOptions<S> = {}): JobDef<S> {
  const { kind, payload, attempts, backoff } = declared.spec;
  return {
    ...declared,
    register(scheduler, deps) {
      scheduler.registerHandler<z.output<S>>(kind, (job) => handler(deps, { ...job, payload: checked(kind, payload, job.payload) }), {
        maxAttempts: attempts,
        backoff,
        onGiveUp: opts.onGiveUp && ((job, error) => opts.onGiveUp!(deps, job, error)),
      });
    },
  };
}

export function defineJob<S extends z.ZodType>(spec: JobSpec<S>): JobDef<S> {
  return handleJob(declareJob(spec), spec.handler, spec);
}

/** A kind that runs again and again, with no payload: `next` says when (`dailyAt`, `every`, or a setting's). */
export interface RecurringSpec {
  kind: string;
  next: (deps: Deps) => NextRun;
  handler: (deps: Deps, job: Job<Record<string, never>>) => Promise<HandlerResult>;
  attempts?: number;
}

export interface RecurringDef {
  readonly kind: string;
  /** After the timing's setting changed: drops the queued occurrence and queues the next. */
  reschedule(deps: Pick<Deps, 'jobs'>, tx?: Tx): Promise<void>;
  register(scheduler: Scheduler, deps: Deps): void;
}

export function defineRecurring(spec: RecurringSpec): RecurringDef {
  return {
    kind: spec.kind,
    reschedule: (deps, tx) => deps.jobs.reschedule(spec.kind, tx),
    register(scheduler, deps) {
      scheduler.recurring(spec.kind, spec.next(deps), (job) => spec.handler(deps, job), { maxAttempts: spec.attempts });
    },
  };
}

/** An area's job kinds, listed in its `<area>.jobs.ts`; the areas are listed in modules/jobs.ts. */
export type JobArea = readonly (JobDef<any> | RecurringDef)[];
