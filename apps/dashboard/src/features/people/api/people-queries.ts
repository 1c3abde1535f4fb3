import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Answer, Body, CallDef, ClientListQuery, Query, StayListQuery, WebappUserListQuery } from '@campsite/shared';
import { audit, clients, config, imports, stays, users, webappUsers } from '@campsite/shared';
import { api } from '@campsite/shared/client';
import { afterImport } from '../../../lib/imports';
import { keyOf, useCall, useCallMutation } from '../../../lib/query';

/** Paged reads keep the previous page on screen while the next one loads (no flash of a loader). */
const paged = { placeholderData: keepPreviousData };

/** A read the spec makes with POST (find by number or id), cached like a GET. */
function usePostRead<C extends CallDef>(def: C, body: Body<C> | null) {
  return useQuery<Answer<C>>({
    queryKey: keyOf(def, body),
    queryFn: () => api(def, body as never),
    enabled: body !== null,
  });
}

export const useClients = (q: ClientListQuery) => useCall(clients.list, q, paged);
export const useClient = (clientNumber: string | null) => usePostRead(clients.find, clientNumber === null ? null : { client_number: clientNumber });
export const useStays = (q: StayListQuery) => useCall(stays.list, q, paged);
export const useStay = (stayNumber: string) => usePostRead(stays.find, { stay_number: stayNumber });
export const useWebappUsers = (q: WebappUserListQuery) => useCall(webappUsers.list, q, paged);
export const useWebappUser = (id: string) => usePostRead(webappUsers.find, { id });
export const useStaff = (q: Query<typeof users.list>) => useCall(users.list, q, paged);
export const useStaffMember = (id: string) => useCall(users.find, { id });
export const usePms = () => useCall(config.pms, undefined, { staleTime: 60_000 });
export const useRoomlist = (q: Query<typeof clients.roomlist>, enabled: boolean) => useCall(clients.roomlist, q, { enabled, ...paged });

export const useStaffInsert = () => useCallMutation(users.insert, [users.list]);
export const useStaffUpdate = () => useCallMutation(users.update, [users.list, users.find]);
export const useStaffDelete = () => useCallMutation(users.delete, [users.list]);
export const useSendActivation = () => useCallMutation(webappUsers.sendEmail);
export const useImportClients = () => useCallMutation(imports.import, afterImport);
export const useUploadExtraction = () => useCallMutation(imports.uploadFile, afterImport);

// a client's card (issue 20): the erase drops the lists' pages that showed the client
export const useSendCode = () => useCallMutation(clients.sendCode);
export const useUpdateContact = () => useCallMutation(clients.updateContact, [clients.list, clients.find]);
export const useEraseClient = () => useCallMutation(clients.erase, [clients.list, clients.counts, stays.list, webappUsers.list]);
export const usePrintCard = (clientNumber: string, enabled: boolean) => useCall(clients.printCard, { client_number: clientNumber }, { enabled });
export const useAudit = (q: Query<typeof audit.list>, enabled = true) => useCall(audit.list, q, { enabled, ...paged });
