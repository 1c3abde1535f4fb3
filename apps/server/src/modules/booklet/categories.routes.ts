import type { FastifyInstance } from 'fastify';
import { categories } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import * as service from './categories.service';

export function categoriesRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, categories.list, () => service.listCategories(deps));
  serve(app, deps, categories.findByGroup, ({ query }) => service.categoriesOf(deps, query.group));
  serve(app, deps, categories.insert, ({ body }) => service.insertCategory(deps, body));
  serve(app, deps, categories.update, ({ body }) => service.updateCategory(deps, body));
  serve(app, deps, categories.duplicate, ({ body }) => service.duplicateCategory(deps, body.id));
  serve(app, deps, categories.order, ({ body }) => service.orderCategories(deps, body.categories.map((c) => c._id)));
  serve(app, deps, categories.delete, ({ body }) => service.deleteCategory(deps, body.id));
}
