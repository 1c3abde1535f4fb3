import { z } from 'zod';
import { CORE } from '../messages';
import { call, orFalse, PERMISSIONS, staff, type Permission } from './call';
import { deleteAnswer, id, idBody, missing } from './common';
import { pageFields, pageOf, textFilter } from './listing';

const flag = z.union([z.literal(0), z.literal(1)]);
export const permissions = z.object(Object.fromEntries(PERMISSIONS.map((p) => [p, flag.optional()])) as Record<
  (typeof PERMISSIONS)[number],
  z.ZodOptional<typeof flag>
>);
export type Permissions = z.infer<typeof permissions>;

export const userDoc = z.object({
  _id: z.string(),
  lastname: z.string(),
  firstname: z.string(),
  email: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  permissions,
  created_time: z.number(),
  edited_time: z.number(),
});
export type DashboardUser = z.infer<typeof userDoc>;

const email = z.string().trim().min(1, CORE.emailRequired).max(100, CORE.emailInvalid).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, CORE.emailInvalid);
const userFields = {
  lastname: z.string().trim().min(1, CORE.lastnameRequired).max(50),
  firstname: z.string().trim().min(1, CORE.firstnameRequired).max(50),
  email,
  username: z.string().trim().min(1, CORE.usernameRequired).min(4, CORE.usernameShort).max(50),
  avatar: z.string().max(64).nullable().optional(),
  permissions: permissions.optional(),
};

/** A row of the staff list: the account and its last successful sign-in (null: never since issue 20). */
export const userRowDoc = userDoc.extend({ last_login: z.number().nullable() });
export type StaffRow = z.infer<typeof userRowDoc>;

/**
 * Role presets offered when a staff member is created (issue 20): a starting set of flags that the super
 * user may still adjust switch by switch. Not stored: an account has flags, not a role.
 */
export const ROLE_PRESETS: { key: string; label: string; flags: Permission[] }[] = [
  { key: 'reception', label: 'Réception', flags: ['users', 'services', 'deposits', 'inventories', 'reviews'] },
  { key: 'animation', label: 'Animation', flags: ['activities', 'notifications'] },
  { key: 'direction', label: 'Direction', flags: ['users', 'homepage', 'rubrics', 'activities', 'services', 'reviews', 'stats', 'emails', 'inventories', 'deposits', 'notifications'] },
  { key: 'admin', label: 'Administrateur', flags: [...PERMISSIONS] },
];

export const userInsert = z.object({
  ...userFields,
  password: z.string().min(8, CORE.passwordShort).max(200, CORE.passwordTooLong),
});
export const userUpdate = z.object({
  id,
  ...userFields,
  /** new password, optional: empty keeps the current one */
  password: z.union([z.literal(''), z.string().min(8, CORE.passwordShort).max(200, CORE.passwordTooLong)]).nullable().optional(),
  /** required when a user edits their own account (personal settings) */
  current_password: z.string().max(200, CORE.passwordTooLong).optional(),
});

/** The staff list's query (paging parameters: docs/api.md): the dashboard's list screen reads its address with it. */
export const userListQuery = z.object({
  ...pageFields(['lastname', 'username', 'email', 'created_time', 'edited_time'] as const, 'lastname'),
  /** start of the last name, first name, username or e-mail, case and accents ignored */
  search: textFilter,
});

export const users = {
  session: call('GET', 'dashboard/users/session', {
    access: 'public',
    query: z.object({}),
    answer: orFalse(userDoc),
    summary: 'The user of the session cookie (or Bearer token), or false; a token in the query string is ignored',
  }),
  login: call('POST', 'dashboard/users/login', {
    access: 'public',
    body: z.object({
      login: z.string(missing(CORE.loginRequired)).trim().min(1, CORE.loginRequired).max(100, CORE.loginTooLong),
      password: z.string(missing(CORE.passwordRequired)).min(1, CORE.passwordRequired).max(200, CORE.passwordTooLong),
    }),
    answer: orFalse(userDoc),
    summary: 'Sets the HttpOnly session cookie; the token is not in the answer',
  }),
  logout: call('POST', 'dashboard/users/logout', {
    access: 'dashboard',
    body: z.object({}).optional(),
    answer: z.literal(true),
    summary: 'Ends the session on the server (not in the spec table)',
  }),
  list: call('GET', 'dashboard/users/list', {
    ...staff('users'),
    query: userListQuery,
    answer: pageOf(userRowDoc),
    summary: 'A page of staff accounts with their last sign-in (paging parameters: docs/api.md)',
  }),
  delete: call('POST', 'dashboard/users/delete', {
    ...staff('super'),
    body: idBody,
    answer: deleteAnswer,
    summary: 'Deletes a staff account (super only; never oneself, never the last super user)',
  }),
  find: call('GET', 'dashboard/users/find', {
    access: 'dashboard',
    query: z.object({ id }),
    answer: orFalse(userDoc),
    summary: 'Reads one staff account (false: unknown id)',
  }),
  insert: call('POST', 'dashboard/users/insert', {
    ...staff('users'),
    body: userInsert,
    answer: z.union([userDoc, z.literal(1), z.literal(false)]),
    summary: 'Answer 1 when the username is taken',
  }),
  update: call('POST', 'dashboard/users/update', {
    access: 'dashboard',
    body: userUpdate,
    answer: z.union([userDoc, z.literal(1), z.literal(false)]),
    summary: 'Own account, or any account with the users flag; permissions by super only',
  }),
};
