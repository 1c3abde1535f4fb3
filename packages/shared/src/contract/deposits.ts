import type { CallDef } from './call';

/** The deposits area's calls (filled by its issue; see docs/conventions.md). */
export const deposits = {} satisfies Record<string, CallDef>;
