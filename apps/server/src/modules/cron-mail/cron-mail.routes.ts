import type { FastifyInstance } from 'fastify';
import { cronMail } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { cancelCampaign, findCampaign, insertCampaign, listCampaigns } from './cron-mail.service';

export function cronMailRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, cronMail.list, () => listCampaigns(deps));
  serve(app, deps, cronMail.find, ({ query }) => findCampaign(deps, query.id));
  serve(app, deps, cronMail.insert, ({ body, user }) => insertCampaign(deps, user, body));
  serve(app, deps, cronMail.cancel, ({ body, user }) => cancelCampaign(deps, user, body.id));
}
