import type { FastifyInstance } from 'fastify';
import { groups } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import * as service from './groups.service';

export function groupsRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, groups.list, () => service.listGroups(deps));
  serve(app, deps, groups.insert, ({ body }) => service.insertGroup(deps, body));
  serve(app, deps, groups.update, ({ body }) => service.updateGroup(deps, body));
  serve(app, deps, groups.delete, ({ body }) => service.deleteGroup(deps, body.id));
}
