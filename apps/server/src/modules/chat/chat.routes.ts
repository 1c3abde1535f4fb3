import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../http/deps';

/** The chat area's calls (contract.chat). */
export function chatRoutes(app: FastifyInstance, deps: Deps) {
  void app;
  void deps;
}
