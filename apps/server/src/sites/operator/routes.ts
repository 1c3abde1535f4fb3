import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CORE, OPERATOR, operatorCalls as calls, siteCareCalls as care, type Answer, type CallDef, type ParsedBody, type ParsedQuery } from '@campsite/shared';
import type { Env } from '../../env';
import { HttpError } from '../../http/errors';
import { setSessionCookie } from '../../http/session';
import { readSites, updateSite, type Control, type Site } from '../control';
import type { OpenSites } from '../open-sites';
import type { SiteMap } from '../registry';
import { addSite, SiteError } from '../sites';
import { OPERATOR_COOKIE, operatorOf, signIn, signOut } from './accounts';
import { siteDoc, sitesWithHealth } from './health';
import { migrationRun, startMigrations } from './rolling-migration';
import { siteBackup, siteBackups, siteTask, startTask, type TaskRequest } from './site-tasks';
import { listUpsells } from './upsells';

export interface OperatorParts {
  control: Control;
  env: Env;
  map: SiteMap;
  sites: OpenSites;
  /** the name of a created site database before its id (tests give their own, to stay apart) */
  databasePrefix?: string;
}

interface Ctx<C> {
  query: ParsedQuery<C>;
  body: ParsedBody<C>;
  req: FastifyRequest;
  reply: FastifyReply;
}

const tokenOf = (req: FastifyRequest) => req.cookies[OPERATOR_COOKIE];

/**
 * Serves one call of contract/operator.ts as http/calls.ts serves a campsite's: its path and schemas from
 * the declaration; an 'operator' call checks the operator's session before its body is read.
 */
function serve<C extends CallDef>(app: FastifyInstance, parts: OperatorParts, def: C, handler: (ctx: Ctx<C>) => Promise<Answer<C>>) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: `/api/${def.path}`,
    schema: {
      ...(def.summary ? { summary: def.summary } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(def.raw ? {} : { response: { 200: def.answer } }),
      tags: ['operator'],
      ...(def.access === 'operator' ? { security: [{ operatorSession: [] }] } : {}),
    },
    onRequest: async (req) => {
      if (def.access === 'operator' && !(await operatorOf(parts.control, tokenOf(req)))) throw new HttpError(401, CORE.notSignedIn);
    },
    handler: (req, reply) => handler({ query: req.query as ParsedQuery<C>, body: (req.body ?? {}) as ParsedBody<C>, req, reply }),
  });
}

/** A refusal of the foundation's (a host name taken, a database not empty): the console's 400. */
async function refusing<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof SiteError) throw new HttpError(400, err.message);
    throw err;
  }
}

async function siteById(parts: OperatorParts, id: number): Promise<Site | undefined> {
  return (await readSites(parts.control)).find((s) => s.id === id);
}

/** Sets the plan or the state of site `id`; the map of every instance follows within seconds (its trigger). */
async function change(parts: OperatorParts, id: number, what: Parameters<typeof updateSite>[2]) {
  const site = await siteById(parts, id);
  if (!site) return false as const;
  const changed = await updateSite(parts.control, site.dashboardHost, what);
  await parts.map.reload();
  return changed ? siteDoc(changed) : (false as const);
}

export function operatorRoutes(app: FastifyInstance, parts: OperatorParts) {
  const { control, env } = parts;
  serve(app, parts, calls.session, async ({ req }) => (await operatorOf(control, tokenOf(req))) ?? false);
  serve(app, parts, calls.login, async ({ body, req, reply }) => {
    const result = await signIn(control, body.login, body.password, req.ip, env.SESSION_DAYS);
    if (!result) return false;
    setSessionCookie(reply, OPERATOR_COOKIE, result.token, env.SESSION_DAYS);
    return result.operator;
  });
  serve(app, parts, calls.logout, async ({ req, reply }) => {
    await signOut(control, tokenOf(req));
    reply.clearCookie(OPERATOR_COOKIE, { path: '/' });
    return true as const;
  });
  serve(app, parts, calls.sites, async () => sitesWithHealth(control, await readSites(control), parts.sites.lastRequests()));
  serve(app, parts, calls.insert, async ({ body, req }) => {
    if ([body.dashboard_host, body.guest_host].includes(env.OPERATOR_HOST ?? '')) throw new HttpError(400, OPERATOR.hostIsConsole);
    const added = await refusing(() =>
      addSite(control, env, {
        dashboardHost: body.dashboard_host,
        guestHost: body.guest_host,
        databaseUrl: body.database_url || undefined,
        demo: body.demo === true,
        plan: body.plan,
        databasePrefix: parts.databasePrefix,
        managerEmail: body.manager_email || undefined,
      }),
    );
    // the answer says it too: the operator gives the password shown instead
    if (added.mail && !added.mail.sent) req.log.warn({ site: added.site.id }, added.mail.text);
    // this instance serves it at once (the others follow the control database's notification)
    await parts.map.reload();
    return { site: siteDoc(added.site), login: added.login, password: added.password, ...(added.mail ? { mail: added.mail } : {}) };
  });
  serve(app, parts, calls.plan, async ({ body }) => change(parts, body.id, { plan: body.plan }));
  serve(app, parts, calls.suspend, async ({ body }) => change(parts, body.id, { state: 'suspended' }));
  serve(app, parts, calls.resume, async ({ body }) => change(parts, body.id, { state: 'active' }));
  serve(app, parts, calls.upsells, async () => listUpsells(control));
  careRoutes(app, parts);
}

/**
 * Backups, restores and moves of a site, the rolling migration: started here, run in the background by
 * this instance (their progress in the control database, read by any instance's console).
 */
function careRoutes(app: FastifyInstance, parts: OperatorParts) {
  const { control, env } = parts;
  const start = async (id: number, request: TaskRequest) => {
    const site = await siteById(parts, id);
    if (!site) return false as const;
    const { task, done } = await refusing(() => startTask({ control, env, reload: () => parts.map.reload() }, site, request));
    // its end is recorded by the task itself (failed, with its reason); nothing to answer here
    void done.catch((err: Error) => app.log.error({ err, site: id }, 'site task'));
    return task;
  };
  serve(app, parts, care.backups, async ({ query }) => {
    if (!(await siteById(parts, query.id))) return false as const;
    return { task: await siteTask(control, query.id), files: siteBackups(env, query.id).map(({ name, at, bytes }) => ({ name, at, bytes })) };
  });
  serve(app, parts, care.download, async ({ query, reply }) => {
    if (!(await siteById(parts, query.id))) throw new HttpError(404, OPERATOR.unknownSite);
    const file = await refusing(async () => siteBackup(env, query.id, query.name));
    reply.header('content-type', 'application/gzip').header('content-disposition', `attachment; filename="${file.name}"`).header('content-length', file.bytes);
    return reply.send(createReadStream(file.path)) as never;
  });
  serve(app, parts, care.backup, async ({ body }) => start(body.id, { kind: 'backup' }));
  serve(app, parts, care.restore, async ({ body }) => start(body.id, { kind: 'restore', file: body.file }));
  serve(app, parts, care.move, async ({ body }) => start(body.id, { kind: 'move', databaseUrl: body.database_url }));
  serve(app, parts, care.migrations, async () => (await migrationRun(control)) ?? false);
  serve(app, parts, care.migrate, async () => {
    const { run, done } = await refusing(() => startMigrations(control));
    void done.catch((err: Error) => app.log.error({ err }, 'rolling migration'));
    return run;
  });
}
