import type { FastifyInstance } from 'fastify';
import { icons } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import * as repo from './icons.repository';
import * as service from './icons.service';

export function iconsRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, icons.list, () => repo.listIcons(deps.db));
  serve(app, deps, icons.insert, ({ body }) => service.insertIcon(deps, body));
  serve(app, deps, icons.update, ({ body }) => service.updateIcon(deps, body));
  serve(app, deps, icons.delete, async ({ body }) => (await repo.deleteIcon(deps.db, body.id)) || false);
  serve(app, deps, icons.deleteColor, ({ body }) => service.deleteColor(deps, body));
}
