import type { FastifyDynamicSwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { contract, infrastructure, type CallDef } from '@campsite/shared';

/** Every declared call by its route, to say in the document who may make it. */
const byRoute = new Map<string, CallDef>(
  [...Object.values(contract).flatMap((r) => Object.values(r as Record<string, CallDef>)), ...Object.values(infrastructure)].map((c) => [`${c.method} /api/${c.path}`, c]),
);

/** The shape of every refusal (http/errors.ts): the French sentence, and one per field for a 400. */
const ERROR = {
  description: 'Refused: `message` is the French sentence to show, `fields` one per field for a 400; a 500 carries `requestId`, as in the server log',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['statusCode', 'code', 'message'],
        properties: {
          statusCode: { type: 'integer' },
          code: { type: 'string', enum: ['VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'TIMEOUT', 'TOO_LARGE', 'TOO_MANY', 'DISK_FULL', 'ERROR'] },
          message: { type: 'string' },
          fields: { type: 'object', additionalProperties: { type: 'string' } },
          requestId: { type: 'string' },
        },
      },
    },
  },
};

/** `dashboard/files/get-image/:name` → `dashboardFilesGetImageByName`: stable, unique, a generated client's method name. */
const operationId = (method: string, path: string) =>
  (method === 'GET' ? '' : `${method.toLowerCase()}_`) + path.replace(/:(\w+)/g, 'by_$1').split(/[/_-]+/).filter(Boolean).map((w, i) => (i ? w[0].toUpperCase() + w.slice(1) : w)).join('');

/**
 * Each route as the document shows it: zod's schemas as JSON Schema, plus what Redocly's recommended rules ask
 * for and an integrator needs: an operationId, the session a call needs (none for public ones), the error shape.
 */
const transform: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  const method = String(input.route.method);
  const def = byRoute.get(`${method} ${input.url}`);
  if (!def) return { schema, url };
  const path = def.path;
  const security: Record<string, string[]>[] = def.access === 'dashboard' ? [{ session: [] }, { bearer: [] }] : def.access === 'guest' ? [{ guestSession: [] }] : [];
  const response = (schema as { response?: Record<string, unknown> }).response ?? { 200: { description: 'The answer (not JSON: a file)' } };
  return { schema: { ...schema, operationId: operationId(method, path), security, response: { ...response, '4XX': ERROR, '5XX': ERROR } }, url };
};

type Node = Record<string, unknown>;

/**
 * OpenAPI 3.0 wants a `type` beside `nullable`: zod's `a.or(b).nullable()` comes out as `anyOf` with `nullable`
 * on the outside, which 3.0 readers ignore. `nullable` moves into each branch, which means the same.
 */
function nullableInBranches(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(nullableInBranches);
  if (!node || typeof node !== 'object') return;
  const n = node as Node;
  const branches = (n.anyOf ?? n.oneOf) as Node[] | undefined;
  if (n.nullable === true && n.type === undefined && Array.isArray(branches)) {
    delete n.nullable;
    for (const b of branches) if (b.type !== undefined || b.anyOf || b.oneOf || b.enum) b.nullable = true;
  }
  Object.values(n).forEach(nullableInBranches);
}

/** The options of @fastify/swagger (app.ts): the document at /api/openapi.json and behind /api/docs. */
export function openapiOptions(version: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Campsite API',
        version,
        description:
          'Every call of the dashboard and the guest app. Staff calls need the session of `dashboard/users/login` ' +
          '(its HttpOnly cookie, set in this browser when you try the login here) or `Authorization: Bearer <token>`. ' +
          'Summaries are in English, for integrators; the answers\' messages are French, as the apps show them.',
      },
      // relative: the server that serves this document, whatever its name (DOMAIN, a proxy, localhost)
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'session-dashboard' },
          bearer: { type: 'http', scheme: 'bearer' },
          guestSession: { type: 'apiKey', in: 'cookie', name: 'session-webapp' },
        },
      },
    },
    transform,
    transformObject: (document) => {
      if ('openapiObject' in document) nullableInBranches(document.openapiObject.paths);
      return 'openapiObject' in document ? document.openapiObject : document.swaggerObject;
    },
  };
}
