import type { FastifyInstance } from 'fastify';
import { deposits } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { closeSimulator, openSimulator } from '../../integrations/swikly';
import { depositCallbackRoute } from './deposits-callback.routes';
import * as service from './deposits.service';
import * as actions from './deposit-actions.service';
import { requestStay } from './desk.service';

/** The deposits area's calls (contract.deposits), the provider's callback, and the local simulator's life. */
export function depositsRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, deposits.config, () => service.readConfig(deps));
  serve(app, deps, deposits.updateConfig, ({ body }) => service.updateConfig(deps, body));
  serve(app, deps, deposits.preview, ({ query }) => service.preview(deps, query));
  serve(app, deps, deposits.resend, ({ body, user }) => actions.resend(deps, user, body.id));
  serve(app, deps, deposits.cancel, ({ body }) => actions.cancel(deps, body.id));
  serve(app, deps, deposits.requestNow, ({ body, user }) => actions.requestNow(deps, user, body.id));
  serve(app, deps, deposits.requestStay, ({ body, user }) => requestStay(deps, user, body.stay_number));
  serve(app, deps, deposits.list, ({ query }) => service.listDeposits(deps, query));
  serve(app, deps, deposits.unasked, ({ query }) => service.unasked(deps, query));
  serve(app, deps, deposits.ofStay, ({ query }) => service.ofStay(deps, query.stay_number));
  serve(app, deps, deposits.release, ({ body, user }) => service.release(deps, user, body.stay_number));
  serve(app, deps, deposits.claim, ({ body, user }) => service.claim(deps, user, body.stay_number, body));
  serve(app, deps, deposits.mine, ({ guestId }) => service.mine(deps, guestId));
  depositCallbackRoute(app, deps);
  // simulator mode: the stand-in for Swikly listens while this server does (a port that listens; tests,
  // which only inject, start their own)
  let opened = false;
  app.addHook('onListen', async () => {
    try {
      await openSimulator(deps.env, deps.now);
      opened = true;
    } catch (err) {
      app.log.warn({ err }, 'Swikly simulator not started');
    }
  });
  app.addHook('onClose', async () => {
    if (opened) await closeSimulator();
  });
}
