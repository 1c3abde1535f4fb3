import type { FastifyInstance } from 'fastify';
import { users } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { DASHBOARD_COOKIE, dashboardTokenOf, dashboardUserOf, endSession, setSessionCookie } from '../../http/session';
import * as repo from './users.repository';
import * as service from './users.service';

export function usersRoutes(app: FastifyInstance, deps: Deps) {
  // the token travels in the HttpOnly cookie (or a Bearer header), never in the URL nor in an answer body
  serve(app, deps, users.session, async ({ req }) => (await dashboardUserOf(deps, req)) ?? false);
  serve(app, deps, users.login, async ({ body, req, reply }) => {
    const result = await service.login(deps, body.login, body.password, req.ip);
    if (!result) return false;
    setSessionCookie(reply, DASHBOARD_COOKIE, result.session, deps.env.SESSION_DAYS);
    return result.user;
  });
  serve(app, deps, users.logout, async ({ req, reply }) => {
    await endSession(deps, dashboardTokenOf(req));
    reply.clearCookie(DASHBOARD_COOKIE, { path: '/' });
    return true as const;
  });
  serve(app, deps, users.list, async ({ query }) => ({ ...(await repo.listUsers(deps.db, query)), page: query.page, per_page: query.per_page }));
  serve(app, deps, users.delete, ({ body, user }) => service.deleteUser(deps, user, body.id));
  serve(app, deps, users.find, ({ query, user }) => service.findUser(deps, user, query.id));
  serve(app, deps, users.insert, ({ body, user }) => service.insertUser(deps, user, body));
  serve(app, deps, users.update, ({ body, user, req }) => service.updateUser(deps, user, body, dashboardTokenOf(req)));
}
