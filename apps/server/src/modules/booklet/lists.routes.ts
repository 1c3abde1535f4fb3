import type { FastifyInstance } from 'fastify';
import { lists } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import * as repo from './lists.repository';
import * as service from './lists.service';

export function listsRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, lists.findByCategory, async ({ query }) => (await repo.readLists(deps.db, { category: query.category }))[0] ?? false);
  serve(app, deps, lists.list, ({ query }) => service.listLists(deps, query));
  serve(app, deps, lists.insert, ({ body }) => service.insertList(deps, body));
  serve(app, deps, lists.insertElement, ({ body }) => service.insertElement(deps, body));
  serve(app, deps, lists.updateElement, ({ body }) => service.updateElement(deps, body));
  serve(app, deps, lists.updateCover, ({ body }) => service.updateCover(deps, body.id, body.cover));
  serve(app, deps, lists.orderElements, ({ body }) => service.orderElements(deps, body.id, body.elements.map((e) => e.key)));
  serve(app, deps, lists.transformSubcategory, ({ body }) => service.transformSubcategory(deps, body.id, body.page));
  serve(app, deps, lists.deleteElement, ({ body }) => service.deleteElement(deps, body.id, body.key));
  serve(app, deps, lists.deleteByCategory, ({ body }) => service.deleteByCategory(deps, body.category));
}
