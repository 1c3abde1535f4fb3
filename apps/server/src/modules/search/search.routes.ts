import type { FastifyInstance } from 'fastify';
import { search } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { searchPeople } from './search.service';

/** The top bar's global search (contract.search; docs/search.md). */
export function searchRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, search.find, ({ query }) => searchPeople(deps, query.q));
}
