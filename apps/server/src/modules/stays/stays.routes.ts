import type { FastifyInstance } from 'fastify';
import { stays } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { staysOfClients } from '../clients/clients.repository';
import * as repo from './stays.repository';

export function staysRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, stays.list, async ({ query }) => ({ ...(await repo.stayPage(deps.db, query, deps.now())), page: query.page, per_page: query.per_page }));
  serve(app, deps, stays.search, async ({ body }) => ({ ...(await repo.stayPage(deps.db, body, deps.now())), page: body.page, per_page: body.per_page }));
  serve(app, deps, stays.find, async ({ body }) => (await repo.findStay(deps.db, body.stay_number)) ?? false);
  serve(app, deps, stays.findByClient, ({ body }) => staysOfClients(deps.db, [body.client_number]));
}
