import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { webappUsers } from '@campsite/shared';
import { webappUsers as table } from '../../db/schema';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { resendActivation } from '../account/account.service';
import * as repo from './webapp-users.repository';

export function webappUsersRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, webappUsers.list, async ({ query }) => ({ ...(await repo.userPage(deps.db, query)), page: query.page, per_page: query.per_page }));
  serve(app, deps, webappUsers.search, async ({ body }) => ({ ...(await repo.userPage(deps.db, body)), page: body.page, per_page: body.per_page }));
  serve(app, deps, webappUsers.find, async ({ body }) => (await repo.findUser(deps.db, body.id)) ?? false);
  serve(app, deps, webappUsers.findByClient, ({ body }) => repo.usersWhere(deps.db, eq(table.clientNumber, body.client_number)));
  serve(app, deps, webappUsers.findByStay, ({ body }) => repo.usersWhere(deps.db, eq(table.stayNumber, body.stay_number)));
  serve(app, deps, webappUsers.findManyByClients, ({ body }) => repo.usersOfClients(deps.db, body.clients));
  serve(app, deps, webappUsers.sendEmail, async ({ body, req }) => {
    try {
      return await resendActivation(deps, body.email);
    } catch (err) {
      // the mail server refused or is unreachable: the spec's false ('Impossible d'envoyer le mail d'activation')
      req.log.warn(err);
      return false;
    }
  });
}
