import { subscribe } from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';

/**
 * Loaded into a real server process by a test (`node --import tsx --import <this file>`), never by the
 * server itself: adds to each Fastify instance two calls whose handling fails where no `try` reaches, as a
 * library's asynchronous callback does (png-js throwing its inflate error, issue 29): an exception thrown
 * from a timer, and a promise rejected that nobody awaits. Neither answers by itself.
 */
subscribe('fastify.initialization', (message) => {
  const { fastify } = message as { fastify: FastifyInstance };
  void fastify.register(async (app) => {
    app.get('/api/test/throw-later', () => {
      setImmediate(() => {
        throw new Error('thrown by a callback that no try reaches');
      });
      return new Promise(() => {});
    });
    app.get('/api/test/reject-later', () => {
      setImmediate(() => void Promise.reject(new Error('a promise nobody awaits')));
      return new Promise(() => {});
    });
  });
});
