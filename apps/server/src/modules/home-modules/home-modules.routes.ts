import type { FastifyInstance } from 'fastify';
import { modules } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { listModules } from './home-modules.repository';
import { createModule, deleteModule, orderModules, updateModule } from './home-modules.service';

export function modulesRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, modules.list, () => listModules(deps.db));
  serve(app, deps, modules.insert, ({ body }) => createModule(deps.db, body, deps.now()));
  serve(app, deps, modules.update, ({ body }) => updateModule(deps.db, body, deps.now()));
  serve(app, deps, modules.order, ({ body }) => orderModules(deps.db, body.modules));
  serve(app, deps, modules.delete, ({ body }) => deleteModule(deps.db, body.id));
}
