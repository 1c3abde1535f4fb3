import type { FastifyInstance } from 'fastify';
import { pages } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import * as repo from './pages.repository';
import * as service from './pages.service';

export function pagesRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, pages.find, ({ query }) => repo.readPage(deps.db, { id: query.id }));
  serve(app, deps, pages.findByCategory, ({ query }) => repo.readPage(deps.db, { category: query.category }));
  serve(app, deps, pages.list, ({ query }) => repo.readPages(deps.db, query));
  serve(app, deps, pages.insert, ({ body }) => service.insertPage(deps, body));
  serve(app, deps, pages.insertSection, ({ body }) => service.insertSection(deps, body));
  serve(app, deps, pages.updateSection, ({ body }) => service.updateSection(deps, body));
  serve(app, deps, pages.duplicateSection, ({ body }) => service.duplicateSection(deps, body.id, body.key));
  serve(app, deps, pages.orderSections, ({ body }) => service.orderSections(deps, body.id, body.sections.map((s) => s.key)));
  serve(app, deps, pages.updateCover, ({ body }) => service.updateCover(deps, body.id, body.cover));
  serve(app, deps, pages.updateName, ({ body }) => service.updateName(deps, body));
  serve(app, deps, pages.updateService, ({ body }) => service.updateService(deps, body));
  serve(app, deps, pages.deleteService, ({ body }) => service.deleteService(deps, body.id));
  serve(app, deps, pages.deleteSection, ({ body }) => service.deleteSection(deps, body.id, body.key));
  serve(app, deps, pages.delete, ({ body }) => service.deletePage(deps, body.id));
  serve(app, deps, pages.deleteByCategory, ({ body }) => service.deletePageOfCategory(deps, body.category));
}
