import type { FastifyInstance } from 'fastify';
import { logs } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import * as repo from './logs.repository';
import { VisitLimiter, VisitorGate, recordVisit, tooMany } from './logs.service';

export function logsRoutes(app: FastifyInstance, deps: Deps) {
  const limiter = new VisitLimiter();
  const gate = new VisitorGate();
  serve(app, deps, logs.insert, ({ body, req }) => {
    if (!limiter.take(req.ip, deps.now())) throw tooMany();
    return recordVisit(deps, body, { gate, address: req.ip });
  });
  serve(app, deps, logs.list, async ({ query }) => {
    const page = query.page ?? 1;
    const limit = query.limit ?? 50;
    return { ...(await repo.listVisits(deps.db, page, limit)), page, limit };
  });
}
