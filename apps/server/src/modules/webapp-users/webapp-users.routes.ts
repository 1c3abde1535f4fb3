import type { FastifyInstance } from 'fastify';
import { webappUsers } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { sendCsv } from '../../platform/csv/csv-export';
import { userExport } from './webapp-users.export';
import * as service from './webapp-users.service';

export function webappUsersRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, webappUsers.list, ({ query }) => service.listUsers(deps, query));
  serve(app, deps, webappUsers.count, ({ query }) => service.countUsers(deps, query));
  serve(app, deps, webappUsers.search, ({ body }) => service.searchUsers(deps, body));
  serve(app, deps, webappUsers.export, ({ query, reply }) =>
    sendCsv(reply, userExport(deps.db, query, deps.now(), deps.env.TIME_ZONE)),
  );
  serve(app, deps, webappUsers.find, ({ body }) => service.findUser(deps, body.id));
  serve(app, deps, webappUsers.findByClient, ({ body }) => service.usersOfClient(deps, body.client_number));
  serve(app, deps, webappUsers.findByStay, ({ body }) => service.usersOfStay(deps, body.stay_number));
  serve(app, deps, webappUsers.findManyByClients, ({ body }) => service.usersOfClients(deps, body.clients));
  serve(app, deps, webappUsers.sendEmail, ({ body, req }) => service.sendActivation(deps, body.email, (err) => req.log.warn(err)));
}
