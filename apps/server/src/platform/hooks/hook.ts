import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';

/** What an area does when another area's action happens: in that action's transaction, with its payload. */
export type HookHandler<P> = (deps: Deps, tx: Tx, payload: P) => Promise<void>;

export interface Hook<P> {
  readonly name: string;
  /**
   * The area's handler, registered at start (modules/hooks.ts). Keyed by the area: every app built in a
   * process registers again (the tests build many), and the second registration replaces the first
   * rather than running the effect twice.
   */
  on(area: string, handler: HookHandler<P>): void;
  /** Runs every area's handler in the caller's transaction, in the order they registered: one user action, one transaction. */
  run(deps: Deps, tx: Tx, payload: P): Promise<void>;
  /** The areas registered, for the check that start registered them. */
  areas(): string[];
}

/**
 * An effect that crosses areas, declared on the platform floor: the area where the action happens runs
 * the hook without knowing who listens, so that it never imports the areas that react.
 */
export function defineHook<P>(name: string): Hook<P> {
  const handlers = new Map<string, HookHandler<P>>();
  return {
    name,
    on: (area, handler) => void handlers.set(area, handler),
    async run(deps, tx, payload) {
      for (const handler of handlers.values()) await handler(deps, tx, payload);
    },
    areas: () => [...handlers.keys()],
  };
}
