import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../http/deps';

/** The reviews area's calls (contract.reviews). */
export function reviewsRoutes(app: FastifyInstance, deps: Deps) {
  void app;
  void deps;
}
