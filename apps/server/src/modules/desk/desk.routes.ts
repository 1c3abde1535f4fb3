import type { FastifyInstance } from 'fastify';
import { desk } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { stayPage } from './desk.service';

/** The stay's page (contract.desk; docs/desk.md). */
export function deskRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, desk.stay, ({ query, user }) => stayPage(deps, user, query.stay_number, query.timeline));
}
