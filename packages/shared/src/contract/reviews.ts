import type { CallDef } from './call';

/** The reviews area's calls (filled by its issue; see docs/conventions.md). */
export const reviews = {} satisfies Record<string, CallDef>;
