import type { FastifyInstance, FastifyReply } from 'fastify';
import { accountCalls } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { endSession, WEBAPP_COOKIE } from '../../http/session';
import { guestIdOf, guestTokenOf, setGuestCookie } from '../../http/guest-session';
import { unsubscribePage } from '../emails/public';
import * as service from './account.service';

export function accountRoutes(app: FastifyInstance, deps: Deps) {
  /** Signs the guest in on this answer and answers their account. */
  const signedIn = async (reply: FastifyReply, result: { session: string; userId: string }) => {
    setGuestCookie(reply, result.session, deps.env.SESSION_DAYS);
    return service.accountOf(deps, result.userId);
  };

  serve(app, deps, accountCalls.me, async ({ req }) => {
    const id = await guestIdOf(deps, req);
    return id ? service.accountOf(deps, id) : false;
  });
  serve(app, deps, accountCalls.signup, ({ body, req }) => service.signup(deps, body, req.ip));
  serve(app, deps, accountCalls.activate, async ({ body, req, reply }) => {
    const result = await service.activate(deps, body.token, req.ip);
    return 'error' in result ? result : (await signedIn(reply, result)) || { error: 'invalid_token' as const };
  });
  serve(app, deps, accountCalls.resendActivation, async ({ body, req }) => {
    await service.requestActivation(deps, body.email, req.ip);
    return true as const;
  });
  serve(app, deps, accountCalls.login, async ({ body, req, reply }) => {
    const result = await service.login(deps, body.email, body.password, req.ip);
    return 'error' in result ? result : (await signedIn(reply, result)) || { error: 'wrong_credentials' as const };
  });
  serve(app, deps, accountCalls.logout, async ({ req, reply }) => {
    await endSession(deps, guestTokenOf(req));
    reply.clearCookie(WEBAPP_COOKIE, { path: '/' });
    return true as const;
  });
  serve(app, deps, accountCalls.passwordRequest, async ({ body, req }) => {
    await service.requestPasswordReset(deps, body.email, req.ip);
    return true as const;
  });
  serve(app, deps, accountCalls.passwordReset, async ({ body, req, reply }) => {
    const result = await service.resetPassword(deps, body.token, body.password, req.ip);
    return 'error' in result ? result : (await signedIn(reply, result)) || { error: 'invalid_token' as const };
  });
  // the one-click POST of mail clients is form-encoded (RFC 8058): parsed here only, a few bytes at most
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, text, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(text)))),
    );
    serve(scope, deps, accountCalls.unsubscribePage, async ({ query, reply }) => {
      void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(await unsubscribePage(deps, query.token, query.lang));
      return '';
    });
    serve(scope, deps, accountCalls.unsubscribe, async ({ query, reply }) => {
      void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(await unsubscribePage(deps, query.token, query.lang, true));
      return '';
    });
  });
  serve(app, deps, accountCalls.update, ({ body, guestId, req }) => service.updateAccount(deps, guestId, body, guestTokenOf(req)));
}
