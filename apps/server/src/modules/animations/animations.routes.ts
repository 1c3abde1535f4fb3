import type { FastifyInstance } from 'fastify';
import { animations } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import * as service from './animations.service';

export function animationsRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, animations.list, ({ query }) => service.listAnimations(deps, query.nocover));
  serve(app, deps, animations.find, ({ query }) => service.findAnimation(deps, query.id));
  serve(app, deps, animations.insert, ({ body, user }) => service.insertAnimation(deps, user, body));
  serve(app, deps, animations.update, ({ body, user }) => service.updateAnimation(deps, user, body));
  serve(app, deps, animations.delete, ({ body }) => service.deleteAnimation(deps, body.id));
}
