import type { CallDef } from './call';

/** The chat area's calls (filled by its issue; see docs/conventions.md). */
export const chat = {} satisfies Record<string, CallDef>;
