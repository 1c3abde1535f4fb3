import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../http/deps';

/** The deposits area's calls (contract.deposits). */
export function depositsRoutes(app: FastifyInstance, deps: Deps) {
  void app;
  void deps;
}
