import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_PDF_BYTES } from '@campsite/shared';
import type { Database } from './db/client';
import type { Env } from './env';
import type { Deps } from './http/deps';
import { registerErrorHandler } from './http/errors';
import { serveApp } from './http/static';
import { createMailer, type Mailer } from './integrations/mailer';
import { modules } from './modules';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export const DIST = { dashboard: join(root, 'apps/dashboard/dist'), guest: join(root, 'apps/guest/dist') };

export interface BuildOptions {
  database: Database;
  env: Env;
  mailer?: Mailer;
  now?: () => number;
  /** which built app this port serves besides the API */
  serves?: 'dashboard' | 'guest' | 'none';
  logger?: boolean;
}

export function makeDeps(opts: BuildOptions): Deps {
  return {
    database: opts.database,
    db: opts.database.db,
    env: opts.env,
    mailer: opts.mailer ?? createMailer({ smtpUrl: opts.env.SMTP_URL, dataDir: opts.env.DATA_DIR, from: opts.env.MAIL_FROM }),
    now: opts.now ?? (() => Math.floor(Date.now() / 1000)),
    version: opts.env.APP_VERSION ?? buildVersion(),
  };
}

/** The one place that builds the server: used by main (once per port) and by every test. */
export async function buildApp(opts: BuildOptions, deps: Deps = makeDeps(opts)): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? { level: opts.env.LOG_LEVEL } : false,
    trustProxy: true,
    bodyLimit: 12 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(helmet, {
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
  });
  // JSON answers compressed for weak campsite Wi-Fi; a fast brotli level, the built files come precompressed
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_PDF_BYTES, files: 1 } });
  await app.register(swagger, {
    openapi: { info: { title: 'Campsite API', version: deps.version } },
    transform: jsonSchemaTransform,
  });

  for (const register of modules) register(app, deps);
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  if (opts.serves && opts.serves !== 'none') await serveApp(app, DIST[opts.serves]);
  else await serveApp(app, '/nonexistent');
  return app;
}

function buildVersion(): string {
  const index = join(DIST.dashboard, 'index.html');
  if (!existsSync(index)) return 'dev';
  return createHash('sha1').update(readFileSync(index)).digest('hex').slice(0, 12);
}
