import { z } from 'zod';
// zod's French error map, installed wherever a call is declared
import '../messages/validation';

/** The permission flags of spec 000 §3; `super` guards the administrator settings. */
export const PERMISSIONS = [
  'users', 'homepage', 'rubrics', 'activities', 'services', 'reviews', 'stats',
  'emails', 'inventories', 'deposits', 'notifications', 'params', 'super',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Who may make a call:
 * - public: anyone (content reads of the guest app);
 * - dashboard: a staff session, plus `permission` when set;
 * - guest: a guest app session;
 * - operator: an operator's session on OPERATOR_HOST (contract/operator.ts; never a campsite's call).
 * Any of them may need `plan` premium, and says then what it answers without it (`withoutPlan`).
 */
export type Access = 'public' | 'dashboard' | 'guest' | 'operator';

export interface CallDef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  A extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  path: string;
  query?: Q;
  body?: B;
  answer: A;
  access: Access;
  permission?: Permission;
  /** any of these flags is enough (used where a read serves several areas) */
  anyPermission?: Permission[];
  plan?: 'premium';
  /**
   * What the call answers without `plan`, declared once here and applied by the server before the call
   * is read: an answer (a guest screen shows nothing: `[]`, `false`) or a refusal; 403 premiumOnly if unset.
   */
  withoutPlan?: { answer: z.output<A> } | { status: 403 | 404; message: string };
  /** multipart form body (file uploads), parsed by the route itself */
  multipart?: boolean;
  /** answer is not JSON (CSV, image bytes) */
  raw?: boolean;
  summary?: string;
}

/**
 * A staff call guarded by `permission`: the one way a contract file declares it (`...staff('rubrics')`),
 * with `plan: 'premium'` beside it when the plan matters.
 */
export const staff = <P extends Permission>(permission: P) => ({ access: 'dashboard' as const, permission });

export function call<Meth extends 'GET' | 'POST', Q extends z.ZodType = z.ZodNever, B extends z.ZodType = z.ZodNever, A extends z.ZodType = z.ZodType>(
  method: Meth,
  path: string,
  def: Omit<CallDef<Q, B, A>, 'method' | 'path'>,
): CallDef<Q, B, A> & { method: Meth; path: string } {
  return { method, path, ...def };
}

declare const contractCall: unique symbol;

/**
 * A call of the contract named without its schemas: what an app needs to make it (method, path, access,
 * plan), its query, body and answer types still the contract's. The contract files build zod schemas when
 * imported; the guest app takes its calls from guest-calls.ts, made of these (`ref`), without zod.
 */
export interface CallRef<C extends CallDef = CallDef> {
  method: C['method'];
  path: string;
  access: Access;
  plan?: 'premium';
  /** never set: carries the contract's call for its types */
  readonly [contractCall]?: C;
}

/** What an app may call: a call of the contract, or a reference to one. */
export type Callable = CallDef | CallRef;
/** The contract's call behind a reference (a call of the contract is its own). */
export type CallOf<R> = R extends CallDef ? R : R extends { readonly [contractCall]?: infer C } ? NonNullable<C> : never;

export type Query<R> = CallOf<R> extends CallDef<infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type Body<R> = CallOf<R> extends CallDef<z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type Answer<R> = CallOf<R> extends CallDef<z.ZodType, z.ZodType, infer A> ? z.output<A> : never;
export type ParsedQuery<C> = C extends CallDef<infer Q, z.ZodType, z.ZodType> ? z.output<Q> : never;
export type ParsedBody<C> = C extends CallDef<z.ZodType, infer B, z.ZodType> ? z.output<B> : never;

/** `false` is the spec's answer for a business failure (unknown id, broken rule). */
export const orFalse = <T extends z.ZodType>(schema: T) => z.union([schema, z.literal(false)]);
