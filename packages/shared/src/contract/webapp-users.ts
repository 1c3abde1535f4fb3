import { z } from 'zod';
import { CORE } from '../messages';
import { call, orFalse, staff } from './call';
import { idBody, missing, personNumber } from './common';
import { csvExport, listCount, pageFields, pageOf, textFilter } from './listing';

export const webappCivility = z.enum(['homme', 'femme', 'other']);
export const userType = z.enum(['primary', 'participant']);
export const participantType = z.enum(['mother', 'father', 'other']);

/** The stay a guest app user belongs to (002 §3): days as epoch seconds, times 'HH:MM'. */
export const webappUserStayDoc = z.object({
  stay_number: z.string(),
  arrival: z.number(),
  departure: z.number(),
  arrival_time: z.string().nullable(),
  departure_time: z.string().nullable(),
  location: z.string().nullable(),
});

/** A guest app user as the dashboard sees them (002 §3 'Guest app user'). */
export const webappUserDoc = z.object({
  _id: z.string(),
  client_number: z.string().nullable(),
  civility: webappCivility.nullable(),
  firstname: z.string(),
  lastname: z.string(),
  birthday: z.number().nullable(),
  phone: z.string().nullable(),
  email: z.string(),
  activate: z.boolean(),
  stay: webappUserStayDoc.nullable(),
  created_time: z.number(),
  edited_time: z.number(),
  username: z.string().nullable(),
  avatar: z.string().nullable(),
  langage: z.string().nullable(),
  user_type: userType.nullable(),
  participant_type: participantType.nullable(),
  /** has a push subscription: the notification form is offered */
  notification: z.boolean(),
});
export type WebappUser = z.infer<typeof webappUserDoc>;

export const WEBAPP_USER_SORTS = ['client_number', 'lastname', 'email', 'created_time', 'edited_time'] as const;
export const webappUserFilters = {
  client_number: textFilter,
  lastname: textFilter,
  firstname: textFilter,
  email: textFilter,
  /** 'yes': activated accounts only; 'no': not yet activated */
  activate: z.enum(['yes', 'no']).optional().or(z.literal('').transform(() => undefined)),
};
export const webappUserListQuery = z.object({ ...pageFields(WEBAPP_USER_SORTS, 'created_time'), ...webappUserFilters });
export type WebappUserListQuery = z.input<typeof webappUserListQuery>;
export const webappUserFilterQuery = z.object(webappUserFilters);

const usersFlag = staff('users');
const email = z.string(missing(CORE.emailRequired)).trim().min(1, CORE.emailRequired).max(200).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, CORE.emailInvalid);

export const webappUsers = {
  list: call('GET', 'webapp/users/list', {
    ...usersFlag,
    query: webappUserListQuery,
    answer: pageOf(webappUserDoc),
    summary: 'A page of guest app users, sorted and filtered by the server (paging parameters: docs/api.md)',
  }),
  count: call('GET', 'webapp/users/count', {
    ...usersFlag,
    query: webappUserFilterQuery,
    answer: listCount,
    summary: 'The exact number of guest app users matching the filters, when the list says more than 1 000 (not in the spec table)',
  }),
  export: csvExport('webapp/users/export', webappUserFilterQuery, 'Guest app users'),
  find: call('POST', 'webapp/users/find', { ...usersFlag, body: idBody, answer: orFalse(webappUserDoc), summary: 'Reads one guest account (false: unknown id)' }),
  findByClient: call('POST', 'webapp/users/find-by-client', {
    ...usersFlag,
    body: z.object({ client_number: personNumber }),
    answer: z.array(webappUserDoc),
    summary: 'Lists the guest accounts of a client number',
  }),
  findByStay: call('POST', 'webapp/users/find-by-stay', {
    ...usersFlag,
    body: z.object({ stay_number: personNumber }),
    answer: z.array(webappUserDoc),
    summary: 'Lists the guest accounts of a stay number',
  }),
  findManyByClients: call('POST', 'webapp/users/find-many-by-clients', {
    access: 'dashboard',
    anyPermission: ['users', 'emails', 'notifications'],
    body: z.object({ clients: z.array(personNumber).max(100_000) }),
    answer: z.array(webappUserDoc),
    summary: 'Lists the guest accounts of these client numbers (a selection)',
  }),
  search: call('POST', 'webapp/users/search', {
    ...usersFlag,
    body: z.object({ ...pageFields(WEBAPP_USER_SORTS, 'created_time'), ...webappUserFilters }),
    answer: pageOf(webappUserDoc),
    summary: 'Lists guest accounts, one page, filtered and sorted',
  }),
  sendEmail: call('POST', 'webapp/users/send-email', {
    ...usersFlag,
    body: z.object({
      email,
      /** the spec's activation link; the server makes a fresh one */
      activate: z.unknown().optional(),
      firstname: z.string().max(100).optional(),
      lastname: z.string().max(100).optional(),
    }),
    answer: z.boolean(),
    summary: 'Sends the activation link again to a guest whose account is not activated; false when it cannot',
  }),
};
