import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { CORE } from '@campsite/shared';
import { DIST } from '../../app';
import { registerErrorHandler } from '../../http/errors';
import { loggerOptions } from '../../http/logging';
import { openapiOptions } from '../../http/openapi';
import { answerSerializer } from '../../http/serialize';
import { registerHsts, registerOriginCheck } from '../../http/session';
import { serveApp } from '../../http/static';
import { OPERATOR_COOKIE } from './accounts';
import { operatorRoutes, type OperatorParts } from './routes';
import { registerSecurityHeaders } from '../../http/security-headers';

/** The console's page: the dashboard's second entry (apps/dashboard/operator/index.html), beside its assets. */
export const OPERATOR_PAGE = 'operator/index.html';

/**
 * The operator console's server, on OPERATOR_HOST (port PORT; sites/serve.ts hands it the requests naming
 * that host): its calls under /api/operator/, their OpenAPI document at /api/openapi.json, its screens.
 * No campsite's call is served here, and no operator call on a campsite's host name.
 */
export async function buildOperatorApp(parts: OperatorParts & { logger?: boolean }): Promise<FastifyInstance> {
  const { env } = parts;
  const app = Fastify({
    logger: parts.logger ? loggerOptions(env.LOG_LEVEL) : false,
    trustProxy: env.TRUST_PROXY as string[],
    frameworkErrors: (_err, _req, reply) => {
      (reply as unknown as FastifyReply).status(400).send({ statusCode: 400, code: 'VALIDATION', message: CORE.badRequest, fields: {} });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(({ schema, method, url }) => answerSerializer(schema as z.ZodType, env.NODE_ENV !== 'production', `${method} ${url}`));
  registerErrorHandler(app);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
  });
  registerHsts(app);
  await app.register(cookie);
  registerOriginCheck(app, [OPERATOR_COOKIE]);
  const doc = openapiOptions(env.APP_VERSION ?? 'dev');
  const api = doc.openapi!;
  await app.register(swagger, {
    ...doc,
    openapi: {
      ...api,
      info: {
        ...api.info!,
        title: 'Campsite operator API',
        description: "The operator console's calls (many campsites, one installation). They need the session of `operator/login` (its HttpOnly cookie).",
      },
      components: { securitySchemes: { operatorSession: { type: 'apiKey', in: 'cookie', name: OPERATOR_COOKIE } } },
    },
  });
  operatorRoutes(app, parts);
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await serveApp(app, DIST.dashboard, OPERATOR_PAGE);
  await app.ready();
  return app;
}
