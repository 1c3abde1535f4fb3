import type { FastifyInstance } from 'fastify';
import { logo } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { readLogo, updateLogo } from './logo.service';

export function logoRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, logo.get, () => readLogo(deps.db));
  serve(app, deps, logo.update, ({ body }) => updateLogo(deps.db, body.logo, deps.now()));
}
