/*
 * The one run-time piece of a `CallRef` (call.ts): the guest app's calls (guest-calls.ts) are made of it,
 * so that zod stays out of its download. Type-only imports here: this file must stay free of zod.
 */
import type { Access, CallDef, CallRef } from './call';

export const ref = <C extends CallDef>(method: C['method'], path: string, access: Access, plan?: 'premium'): CallRef<C> =>
  plan ? { method, path, access, plan } : { method, path, access };
