import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Answer, CallDef, DashboardUser, ParsedBody, ParsedQuery } from '@campsite/shared';
import { M } from '@campsite/shared';
import { getAdminConfig } from '../modules/config/config.repository';
import type { Deps } from './deps';
import { HttpError } from './errors';
import { dashboardUserOf } from './session';

export interface CallContext<C> {
  query: ParsedQuery<C>;
  body: ParsedBody<C>;
  params: Record<string, string>;
  /** the signed-in staff member (always set for 'dashboard' calls) */
  user: DashboardUser;
  deps: Deps;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Every served call, so that a test and `spec:coverage` can check the contract against the server. */
export const served = new Set<string>();

/**
 * Serves one call of the contract: its path, schemas, access and permission come from the declaration,
 * so a call cannot be served with another shape than the one declared.
 */
export function serve<C extends CallDef>(
  app: FastifyInstance,
  deps: Deps,
  def: C,
  handler: (ctx: CallContext<C>) => Promise<Answer<C> | undefined> | Answer<C> | undefined,
) {
  served.add(`${def.method} ${def.path}`);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: `/api/${def.path}`,
    schema: {
      ...(def.summary ? { summary: def.summary } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body && !def.multipart ? { body: def.body } : {}),
      ...(def.raw ? {} : { response: { 200: def.answer } }),
      tags: [def.path.split('/')[1] ?? 'other'],
    },
    // before validation: without a session the answer is 401 whatever the body holds
    preValidation: async (req) => {
      await checkAccess(deps, def, req);
    },
    handler: async (req, reply) => {
      const user = (await dashboardUserOf(deps, req)) as DashboardUser;
      const answer = await handler({
        query: req.query as ParsedQuery<C>,
        body: (req.body ?? {}) as ParsedBody<C>,
        params: req.params as Record<string, string>,
        user,
        deps,
        req,
        reply,
      });
      if (def.raw) return reply;
      return answer;
    },
  });
}

async function checkAccess(deps: Deps, def: CallDef, req: FastifyRequest) {
  if (def.access === 'public') return;
  if (def.access === 'dashboard') {
    const user = await dashboardUserOf(deps, req);
    if (!user) throw new HttpError(401, M.notSignedIn);
    const flags = user.permissions;
    if (def.permission && flags[def.permission] !== 1) throw new HttpError(403, M.forbidden);
    if (def.anyPermission && !def.anyPermission.some((p) => flags[p] === 1)) throw new HttpError(403, M.forbidden);
    if (def.plan === 'premium' && (await getAdminConfig(deps.db)).features !== 'premium') throw new HttpError(403, M.premiumOnly);
    return;
  }
  throw new HttpError(401, M.notSignedIn);
}
