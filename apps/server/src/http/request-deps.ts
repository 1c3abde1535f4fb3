import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Deps } from './deps';

/**
 * Multi-site mode (src/sites): one pair of Fastify apps serves every site, their routes compiled once; each
 * request runs with its site's Deps, set by the dispatch (`withDeps`) and found here. The apps are built
 * with `requestDeps()`, an object that reads each property from the running request's Deps: the modules
 * take `deps` when they register and read it when a request comes, so one object serves every site.
 */
const current = new AsyncLocalStorage<Deps>();
const SITE_DEPS = Symbol('siteDeps');
const OWN = Symbol('ownDeps');
const MANY = Symbol('servesManySites');

/** Runs `fn` (a request's handling, from its first hook) with these Deps. */
export const withDeps = <T>(deps: Deps, fn: () => T): T => current.run(deps, fn);

/**
 * The Deps of the running request. Read outside one (while the apps are built, or from an event a request
 * did not cause), it throws: a module that keeps what it read of `deps` when it registers would serve one
 * site's object to all, and this is how such a read is found. `fixed` holds what is the installation's,
 * the same for every site, read when the apps are built.
 */
export function requestDeps(fixed: Pick<Deps, 'version' | 'checkAnswers'>): Deps {
  return new Proxy({} as Deps, {
    get(_target, prop) {
      if (prop === MANY) return true;
      if (prop in fixed) return fixed[prop as keyof typeof fixed];
      const deps = current.getStore();
      if (!deps) throw new Error(`deps.${String(prop)} lu hors d'une requête de site`);
      return prop === OWN ? deps : deps[prop as keyof Deps];
    },
    has: (_target, prop) => prop in fixed || (current.getStore() !== undefined && prop in current.getStore()!),
  });
}

/**
 * The request's own Deps, for what outlives the request and reads them later from an event no request
 * caused (a hub listening to the database, a timer): in single-site mode, `deps` itself.
 */
export const ownDeps = (deps: Deps): Deps => (deps as Deps & { [OWN]?: Deps })[OWN] ?? deps;

/** Whether these are the Deps of apps serving many sites (src/sites): what is per site is closed with each site, not with the apps. */
export const servesManySites = (deps: Deps): boolean => (deps as Deps & { [MANY]?: boolean })[MANY] === true;

/**
 * The apps' first hooks: the request keeps the Deps it started with, and the stages that Node starts from
 * an event of the connection rather than from the request's own flow (after its body arrived, once its
 * answer went out, when it is aborted or times out) run with them again. Registered before any other hook.
 * Each request's log lines name its site.
 */
export function registerRequestDeps(app: FastifyInstance) {
  app.addHook('onRequest', (req, _reply, done) => {
    const deps = current.getStore();
    if (!deps) return done(new Error('requête sans site'));
    (req as Tagged)[SITE_DEPS] = deps;
    if (deps.site !== undefined) req.log = req.log.child({ site: deps.site });
    done();
  });
  const again = (req: FastifyRequest, _reply: unknown, done: HookHandlerDoneFunction) => {
    const deps = (req as Tagged)[SITE_DEPS];
    return deps ? current.run(deps, done) : done();
  };
  app.addHook('preValidation', again);
  app.addHook('onResponse', again);
  app.addHook('onRequestAbort', (req, done) => again(req, undefined, done));
  app.addHook('onTimeout', again);
}

type Tagged = FastifyRequest & { [SITE_DEPS]?: Deps };
