import type { FastifyInstance } from 'fastify';
import { stays } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { sendCsv } from '../../platform/csv/csv-export';
import { stayExport } from './stays.export';
import * as service from './stays.service';

export function staysRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, stays.list, ({ query }) => service.listStays(deps, query));
  serve(app, deps, stays.count, ({ query }) => service.countStays(deps, query));
  serve(app, deps, stays.search, ({ body }) => service.searchStays(deps, body));
  serve(app, deps, stays.find, ({ body }) => service.findStay(deps, body.stay_number));
  serve(app, deps, stays.export, ({ query, reply }) =>
    sendCsv(reply, stayExport(deps.db, query, deps.now(), deps.env.TIME_ZONE)),
  );
  serve(app, deps, stays.findByClient, ({ body }) => service.staysOfClient(deps, body.client_number));
}
