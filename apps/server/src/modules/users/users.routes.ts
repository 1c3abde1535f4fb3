import type { FastifyInstance } from 'fastify';
import { users } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { DASHBOARD_COOKIE, dashboardUserOfToken, endSession, setSessionCookie } from '../../http/session';
import * as repo from './users.repository';
import * as service from './users.service';

export function usersRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, users.session, async ({ query, req }) => {
    const token = query.token || req.cookies[DASHBOARD_COOKIE];
    return (await dashboardUserOfToken(deps, token)) ?? false;
  });
  serve(app, deps, users.login, async ({ body, req, reply }) => {
    const result = await service.login(deps, body.login, body.password, req.ip);
    if (result) setSessionCookie(reply, DASHBOARD_COOKIE, result.session, deps.env.SESSION_DAYS);
    return result;
  });
  serve(app, deps, users.logout, async ({ req, reply }) => {
    const bearer = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
    await endSession(deps, req.cookies[DASHBOARD_COOKIE] ?? bearer);
    reply.clearCookie(DASHBOARD_COOKIE, { path: '/' });
    return true as const;
  });
  serve(app, deps, users.list, () => repo.listUsers(deps.db));
  serve(app, deps, users.find, ({ query, user }) => service.findUser(deps, user, query.id));
  serve(app, deps, users.insert, ({ body, user }) => service.insertUser(deps, user, body));
  serve(app, deps, users.update, ({ body, user }) => service.updateUser(deps, user, body));
}
