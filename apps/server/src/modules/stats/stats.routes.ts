import type { FastifyInstance } from 'fastify';
import { stats } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import * as repo from './stats.repository';

export function statsRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, stats.logsCount, () => repo.logsCount(deps.db));
  serve(app, deps, stats.countActives, () => repo.countActiveUsers(deps.db));
  serve(app, deps, stats.notificationsCount, () => repo.countNotifiable(deps.db));
}
