import type { FastifyInstance } from 'fastify';
import { animationCategories } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import * as service from './animation-categories.service';

export function animationCategoriesRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, animationCategories.list, () => service.listCategories(deps));
  serve(app, deps, animationCategories.insert, ({ body }) => service.insertCategory(deps, body));
  serve(app, deps, animationCategories.update, ({ body }) => service.updateCategory(deps, body));
  serve(app, deps, animationCategories.delete, ({ body }) => service.deleteCategory(deps, body.id));
}
