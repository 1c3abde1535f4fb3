import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { CORE, MAX_PDF_BYTES } from '@campsite/shared';
import type { Database } from './db/client';
import type { Env } from './env';
import { AnswerCache, type CacheBudget } from './http/answer-cache';
import { DEFAULT_BODY_LIMIT, registerBodyParsing, type BodyTimeout } from './http/bodies';
import type { Deps, Plan } from './http/deps';
import { registerErrorHandler } from './http/errors';
import { registerHealth } from './http/health';
import { loggerOptions, RequestLog } from './http/logging';
import { openapiOptions } from './http/openapi';
import { answerSerializer } from './http/serialize';
import { registerRequestDeps, requestDeps } from './http/request-deps';
import { registerHsts, registerOriginCheck } from './http/session';
import { serveApp } from './http/static';
import { createMailer, type Mailer } from './integrations/mailer';
import { createScheduler, registerJobs, type JobSlots } from './jobs';
import { queueByKind } from './jobs/store';
import { countedMailer } from './platform/metrics/mailer';
import { Metrics } from './platform/metrics/metrics';
import { registerMetrics } from './platform/metrics/routes';
import { systemClock } from './lib/clock';
import { modules } from './modules';
import { planOf, settings } from './platform/settings/settings';
import { jobAreas } from './modules/jobs';
import { registerHooks } from './modules/hooks';
import { lastBackupState, noteGuestPage } from './modules/backups/public';
import { registerSecurityHeaders } from './http/security-headers';
import { keptAnswerer, serverWithKeptAnswers, registerKeptAnswers } from './http/kept-answers';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export const DIST = { dashboard: join(root, 'apps/dashboard/dist'), guest: join(root, 'apps/guest/dist') };

export interface BuildOptions {
  /** the database whose changes the answer cache follows (not given when `deps` serve many sites: src/sites) */
  database?: Database;
  env: Env;
  mailer?: Mailer;
  now?: () => number;
  /** which built app this port serves besides the API */
  serves?: 'dashboard' | 'guest' | 'none';
  /** the built app's folder, instead of the one `serves` names (tests build their own) */
  distDir?: string;
  logger?: boolean;
  /** how long a body may take to arrive (tests shorten it) */
  bodyTimeout?: BodyTimeout;
  /** multi-site mode: the site's plan, from the control database (Deps.operatorPlan) */
  operatorPlan?: () => Plan;
  /** multi-site mode: the upsell's 'yes' reaches the operator (Deps.upsell) */
  upsell?: Deps['upsell'];
  /** multi-site mode: the site's id (Deps.site) */
  site?: number;
  /** multi-site mode: the bytes every site's answer cache of the process may hold together */
  cacheBudget?: CacheBudget;
  /** multi-site mode: the jobs the process runs at once across its sites (jobs/slots.ts) */
  jobSlots?: JobSlots;
}

/** What makeDeps needs: a database of its own. */
export type DepsOptions = BuildOptions & { database: Database };

export function makeDeps(opts: DepsOptions): Deps {
  const clock = opts.now ?? systemClock(opts.env.CLOCK_OFFSET_FILE);
  const db = opts.database.db;
  const jobs = createScheduler({ db, env: opts.env, now: clock }, opts.jobSlots);
  // the server's time is the database's (the scheduler corrects this machine's clock by it), so that
  // instances whose clocks differ agree on leases, due times and every time they write; a test's clock
  // is taken as it is (its database runs on the same machine)
  const now = opts.now ?? (() => jobs.now());
  const metrics = new Metrics({ queue: () => queueByKind(db, now()), now, pool: opts.database.poolUse });
  const deps: Deps = {
    database: opts.database,
    db,
    env: opts.env,
    mailer: countedMailer(opts.mailer ?? createMailer({ smtpUrl: opts.env.SMTP_URL, dataDir: opts.env.DATA_DIR, from: opts.env.MAIL_FROM }), metrics),
    now,
    version: opts.env.APP_VERSION ?? buildVersion(),
    jobs,
    cache: new AnswerCache(opts.env.ANSWER_CACHE === 'on', undefined, undefined, opts.cacheBudget),
    checkAnswers: opts.env.NODE_ENV !== 'production',
    metrics,
    access: async () => {
      const { admin } = await settings(deps);
      return { open: admin.application_ouverte, premium: planOf(deps, admin) === 'premium' };
    },
    operatorPlan: opts.operatorPlan,
    upsell: opts.upsell,
    site: opts.site,
  };
  metrics.provideBackup(() => lastBackupState(deps));
  registerJobs(deps, jobAreas);
  registerHooks();
  return deps;
}

/** The one place that builds the server: used by main (once per port) and by every test. */
export async function buildApp(opts: BuildOptions, given?: Deps): Promise<FastifyInstance> {
  // one app for many sites (src/sites): each request's Deps are its site's (http/request-deps.ts)
  const shared = !given && !opts.database;
  const deps =
    given ?? (opts.database ? makeDeps(opts as DepsOptions) : requestDeps({ version: opts.env.APP_VERSION ?? buildVersion(), checkAnswers: opts.env.NODE_ENV !== 'production' }));
  // one site's server answers its kept public reads before Fastify (http/kept-answers.ts); many sites' do not
  let answerer: ReturnType<typeof keptAnswerer> | undefined;
  const app = Fastify({
    ...(shared ? {} : { serverFactory: serverWithKeptAnswers(() => answerer) }),
    logger: opts.logger ? loggerOptions(opts.env.LOG_LEVEL) : false,
    logController: new RequestLog(),
    // in every log line of the request (reqId) and in its 500 answer: unique across instances and restarts
    genReqId: () => randomUUID(),
    // false, a hop count or the proxies' addresses (env.ts); the one overload takes them as one type
    trustProxy: opts.env.TRUST_PROXY as string[],
    // the small limit of most calls; those that take files or long lists raise it on their route (bodies.ts)
    bodyLimit: DEFAULT_BODY_LIMIT,
    // a backstop for what the body deadline does not watch (multipart uploads, a body drained after a 401):
    // Node ends a request not received in 10 minutes with a 408
    requestTimeout: 600_000,
    // an address the router cannot decode (a bad %-sequence): Fastify's own answer is English and quotes it
    frameworkErrors: (_err, _req, reply) => {
      (reply as unknown as FastifyReply).status(400).send({ statusCode: 400, code: 'VALIDATION', message: CORE.badRequest, fields: {} });
    },
  });
  if (shared) registerRequestDeps(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(({ schema, method, url }) => answerSerializer(schema as z.ZodType, deps.checkAnswers, `${method} ${url}`));
  registerErrorHandler(app);
  registerMetrics(app, deps);
  registerBodyParsing(app, opts.bodyTimeout);
  if (opts.database) await deps.cache.follow(opts.database);

  const securityHeaders = registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine and React set inline styles
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    // sent below, over HTTPS only
    strictTransportSecurity: false,
  });
  registerHsts(app);
  // at LOG_LEVEL=debug every request is logged (http/logging.ts): then Fastify answers them all
  const everyRequestLogged = opts.logger && ['debug', 'trace'].includes(opts.env.LOG_LEVEL);
  if (!shared && deps.cache.enabled && !everyRequestLogged) {
    answerer = keptAnswerer(deps, securityHeaders);
    deps.cache.byAddressToo = true;
    registerKeptAnswers(app, answerer);
  }
  // JSON answers compressed for weak campsite Wi-Fi; a fast brotli level, the built files come precompressed
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie);
  registerOriginCheck(app);
  await app.register(multipart, { limits: { fileSize: MAX_PDF_BYTES, files: 1 } });
  await app.register(swagger, openapiOptions(deps.version));
  // the reference to read and try, served from node_modules (no CDN), and the document beside it
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'none', deepLinking: true, tryItOutEnabled: true, displayRequestDuration: true, filter: true },
    theme: { title: 'Campsite API' },
  });

  for (const register of modules) register(app, deps);
  registerHealth(app, deps);
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  if (opts.serves === 'guest') app.addHook('onRequest', noteGuestPage(deps));
  if (opts.distDir) await serveApp(app, opts.distDir);
  else if (opts.serves && opts.serves !== 'none') await serveApp(app, DIST[opts.serves]);
  else await serveApp(app, '/nonexistent');
  return app;
}

function buildVersion(): string {
  const index = join(DIST.dashboard, 'index.html');
  if (!existsSync(index)) return 'dev';
  return createHash('sha1').update(readFileSync(index)).digest('hex').slice(0, 12);
}
