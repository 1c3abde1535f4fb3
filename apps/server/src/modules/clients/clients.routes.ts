import type { FastifyInstance } from 'fastify';
import { clients } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import * as actions from './client-actions.service';
import { clientExport } from './clients.export';
import * as repo from './clients.repository';
import { sendCsv } from '../../platform/csv/csv-export';
import { eraseClient } from './erase.service';
import * as service from './clients.service';

export function clientsRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, clients.list, ({ query }) => service.listClients(deps, query));
  serve(app, deps, clients.counts, ({ query }) => service.clientCounts(deps, query));
  serve(app, deps, clients.numbers, ({ query }) => service.clientNumbers(deps, query));
  serve(app, deps, clients.search, ({ body }) => service.searchClients(deps, body));
  serve(app, deps, clients.find, ({ body }) => service.findClient(deps, body.client_number));
  serve(app, deps, clients.findMany, ({ body }) => repo.findClients(deps.db, body.clients));
  serve(app, deps, clients.sendCode, ({ body, user }) => actions.sendCode(deps, user, body.client_number));
  serve(app, deps, clients.updateContact, ({ body, user }) => actions.updateContact(deps, user, body));
  serve(app, deps, clients.erase, ({ body, user }) => eraseClient(deps, user, body.client_number));
  serve(app, deps, clients.printCard, ({ query }) => actions.printCard(deps, query.client_number));
  serve(app, deps, clients.export, ({ query, reply }) =>
    sendCsv(reply, clientExport(deps.db, query, deps.now(), deps.env.TIME_ZONE)),
  );
  serve(app, deps, clients.roomlist, ({ query }) => service.roomlist(deps, query));
}
