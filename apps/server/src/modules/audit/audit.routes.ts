import type { FastifyInstance } from 'fastify';
import { audit } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import * as repo from './audit.repository';

/** The log of staff account changes, for super users (the contract declares the flag). */
export function auditRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, audit.list, async ({ query }) => ({ ...(await repo.listEntries(deps.db, query)), page: query.page, per_page: query.per_page }));
}
