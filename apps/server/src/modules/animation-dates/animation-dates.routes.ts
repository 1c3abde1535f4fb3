import type { FastifyInstance } from 'fastify';
import { animationDates } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import * as repo from './animation-dates.repository';
import * as service from './animation-dates.service';

export function animationDatesRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, animationDates.list, ({ query }) => repo.listDates(deps.db, query));
  serve(app, deps, animationDates.insert, ({ body }) => service.insertDates(deps, body));
  serve(app, deps, animationDates.delete, ({ body }) => service.deleteDate(deps, body.id));
  serve(app, deps, animationDates.deleteByAnimation, ({ body }) => service.deleteByAnimation(deps, body.animation));
}
