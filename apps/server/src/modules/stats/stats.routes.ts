import type { FastifyInstance } from 'fastify';
import { stats } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import * as engagement from './stats-engagement.repository';
import * as repo from './stats.repository';
import { logsCount, overview } from './stats.service';

export function statsRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, stats.logsCount, () => logsCount(deps));
  serve(app, deps, stats.countActives, () => repo.countActiveUsers(deps.db));
  serve(app, deps, stats.notificationsCount, () => repo.countNotifiable(deps.db));
  serve(app, deps, stats.overview, ({ query }) => overview(deps, query));
  serve(app, deps, stats.season, () => repo.getSeason(deps.db));
  serve(app, deps, stats.seasonUpdate, async ({ body }) => {
    await repo.setSeason(deps.db, body);
    return body;
  });
  serve(app, deps, stats.summaryMail, async ({ user }) => ({ subscribed: await engagement.isSummaryRecipient(deps.db, user._id) }));
  serve(app, deps, stats.summaryMailUpdate, async ({ user, body }) => {
    // one statement: an insert that ignores a second one, or a delete
    await engagement.setSummaryRecipient(deps.db, user._id, body.subscribed, deps.now());
    return { subscribed: body.subscribed };
  });
}
