import type { FastifyInstance } from 'fastify';
import { accommodations } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import * as service from './accommodations.service';

export function accommodationsRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, accommodations.list, () => service.listAccommodations(deps.db));
  serve(app, deps, accommodations.find, ({ query }) => service.readSetup(deps.db, query.id));
  serve(app, deps, accommodations.insert, ({ body }) => service.insertAccommodation(deps, body));
  serve(app, deps, accommodations.duplicate, ({ body }) => service.duplicateAccommodation(deps, body));
  serve(app, deps, accommodations.update, ({ body }) => service.updateAccommodation(deps, body));
  serve(app, deps, accommodations.updateDeposit, ({ body }) => service.updateDeposit(deps, body));
  serve(app, deps, accommodations.delete, ({ body }) => service.deleteAccommodation(deps.db, body.id));
  serve(app, deps, accommodations.insertCategory, ({ body }) => service.insertCategory(deps, body));
  serve(app, deps, accommodations.updateCategory, ({ body }) => service.updateCategory(deps, body));
  serve(app, deps, accommodations.deleteCategory, ({ body }) => service.deleteCategory(deps, body));
  serve(app, deps, accommodations.insertObjects, ({ body }) => service.insertObjects(deps, body));
}
