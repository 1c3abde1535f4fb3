import type { FastifyInstance } from 'fastify';
import { upsell } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';

export function upsellRoutes(app: FastifyInstance, deps: Deps) {
  // multi-site mode: the request reaches the operator (sites/runtime.ts gives deps.upsell); one site alone
  // has nobody to tell, and records nothing (the spec's upsell sends nothing)
  serve(app, deps, upsell.request, async ({ body, user }) => {
    if (!deps.upsell) return false;
    await deps.upsell({ who: `${user.firstname} ${user.lastname} (${user.username})`.trim(), what: body.what });
    return true;
  });
}
