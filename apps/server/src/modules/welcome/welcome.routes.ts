import type { FastifyInstance } from 'fastify';
import { welcome } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { DASHBOARD_COOKIE, setSessionCookie } from '../../http/session';
import * as service from './welcome.service';

export function welcomeRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, welcome.check, ({ body, req }) => service.checkLink(deps, body.token, req.ip));
  serve(app, deps, welcome.password, async ({ body, req, reply }) => {
    const result = await service.choosePassword(deps, body.token, body.password, req.ip);
    if ('error' in result) return result;
    setSessionCookie(reply, DASHBOARD_COOKIE, result.session, deps.env.SESSION_DAYS);
    return result.user;
  });
}
