import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Answer, CallDef, DashboardUser, ParsedBody, ParsedQuery } from '@campsite/shared';
import { CORE } from '@campsite/shared';
import { sendCached } from './answer-cache';
import { bodyLimitOf } from './bodies';
import type { Deps } from './deps';
import { HttpError } from './errors';
import { assertCleanInput } from './input';
import { answerSerializer } from './serialize';
import { dashboardUserOf } from './session';
import { guestIdOf } from './guest-session';

export interface CallContext<C> {
  query: ParsedQuery<C>;
  body: ParsedBody<C>;
  params: Record<string, string>;
  /** the signed-in staff member (set for 'dashboard' calls, null for the others) */
  user: DashboardUser;
  /** the signed-in guest's account id (always set for 'guest' calls) */
  guestId: string;
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
  // public reads are kept serialized until the next write (answer-cache.ts); raw answers (files) have their own ETag
  const cacheableCall = def.method === 'GET' && def.access === 'public' && !def.raw;
  const serialize = answerSerializer(def.answer, deps.checkAnswers, def.path);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: `/api/${def.path}`,
    schema: {
      ...(def.summary ? { summary: def.summary } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body && !def.multipart ? { body: def.body } : {}),
      ...(def.raw ? {} : { response: { 200: def.answer } }),
      tags: [def.path.split('/')[1] ?? 'other'],
      ...(def.access === 'dashboard' ? { security: [{ session: [] }, { bearer: [] }] } : {}),
    },
    // each call reads what its largest legitimate body needs, no more (bodies.ts)
    bodyLimit: bodyLimitOf(def),
    // before the body is read: without a session (or the flag, or the plan) the answer is 401/403 whatever
    // the body holds, and none of it is parsed
    onRequest: async (req, reply) => {
      await checkAccess(deps, def, req);
      if (def.plan === 'premium' && !(await deps.access()).premium) return answerWithoutPlan(def, reply);
    },
    preValidation: async (req) => {
      assertCleanInput(req.query);
      if (!def.multipart) assertCleanInput(req.body);
    },
    handler: async (req, reply) => {
      const { cache } = deps;
      // read per request: in multi-site mode the apps are built before any site's deps (request-deps.ts)
      const cacheable = cacheableCall && cache.enabled;
      const key = cacheable ? `${def.path}?${JSON.stringify(req.query ?? null)}` : '';
      const generation = cache.generation;
      const hit = cacheable ? cache.get(key) : undefined;
      if (hit) {
        await rememberAddress(deps, def, req, key, generation);
        return sendCached(req, reply, hit);
      }
      // an answer that depends on who asks (it looked at the request, the reply or the user) is never kept
      let personal = false;
      const user = (def.access === 'dashboard' ? await dashboardUserOf(deps, req) : null) as DashboardUser;
      const guestId = def.access === 'guest' ? ((await guestIdOf(deps, req)) as string) : '';
      const answer = await handler({
        query: req.query as ParsedQuery<C>,
        body: (req.body ?? {}) as ParsedBody<C>,
        params: req.params as Record<string, string>,
        deps,
        get user() {
          personal = true;
          return user;
        },
        get guestId() {
          personal = true;
          return guestId;
        },
        get req() {
          personal = true;
          return req;
        },
        get reply() {
          personal = true;
          return reply;
        },
      });
      // the writer's next read sees its write: its notification has come back before the answer leaves
      if (def.method !== 'GET') await cache.settle();
      if (def.raw) return reply;
      if (!cacheable || personal || reply.sent) return answer;
      const entry = cache.put(key, generation, Buffer.from(serialize(answer)));
      await rememberAddress(deps, def, req, key, generation);
      return sendCached(req, reply, entry);
    },
  });
}

/**
 * A kept answer that anybody may read is remembered by its address, to be answered before the router the
 * next times (kept-answers.ts): not the app's content while the app is closed (a session read it), nor a
 * call of the plan without it. Opening or closing the app, or a new plan, is a change: it forgets them.
 */
async function rememberAddress(deps: Deps, def: CallDef, req: FastifyRequest, key: string, generation: number) {
  if (!deps.cache.byAddressToo) return;
  // the access is read only when it matters: the sign-in screen's calls never wait for the database
  const content = contentOfTheApp(def);
  const premium = def.plan === 'premium';
  if (content || premium) {
    const access = await deps.access();
    if ((content && !access.open) || (premium && !access.premium)) return;
  }
  deps.cache.remember(req.raw.url ?? '', key, def.path, generation);
}

/**
 * Public calls of the guest app that stay open when application_ouverte is off: what its sign-in screen
 * needs (name, languages, theme, logo), the visit log, the account calls, and a review invitation's form
 * and answer by its token (the token is the access: a stay's participant was invited without an account).
 * Every other public webapp/ read is content, served then only to a guest or staff session.
 */
const OPEN_WHEN_CLOSED = /^webapp\/(config\/(version|public|theme|logo)|logs\/insert|account\/|reviews\/(form|submit-by-token)$)/;
const contentOfTheApp = (def: CallDef) => def.path.startsWith('webapp/') && !OPEN_WHEN_CLOSED.test(def.path);

async function checkAccess(deps: Deps, def: CallDef, req: FastifyRequest) {
  if (def.access === 'public') {
    if (!contentOfTheApp(def)) return;
    if ((await deps.access()).open) return;
    if ((await guestIdOf(deps, req)) || (await dashboardUserOf(deps, req))) return;
    throw new HttpError(401, CORE.notSignedIn);
  }
  if (def.access === 'guest') {
    if (!(await guestIdOf(deps, req))) throw new HttpError(401, CORE.notSignedIn);
    return;
  }
  if (def.access === 'dashboard') {
    const user = await dashboardUserOf(deps, req);
    if (!user) throw new HttpError(401, CORE.notSignedIn);
    const flags = user.permissions;
    if (def.permission && flags[def.permission] !== 1) throw new HttpError(403, CORE.forbidden);
    if (def.anyPermission && !def.anyPermission.some((p) => flags[p] === 1)) throw new HttpError(403, CORE.forbidden);
    return;
  }
  throw new HttpError(401, CORE.notSignedIn);
}

/** A call of the plan without it: what the call declares (`withoutPlan`), else 403 as a staff screen expects. */
function answerWithoutPlan(def: CallDef, reply: FastifyReply) {
  const without = def.withoutPlan;
  if (!without) throw new HttpError(403, CORE.premiumOnly);
  if ('status' in without) throw new HttpError(without.status, without.message);
  return reply.send(without.answer);
}
