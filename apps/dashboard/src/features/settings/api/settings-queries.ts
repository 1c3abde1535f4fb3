import { config, users } from '@campsite/shared';
import { keyOf, useCall, useCallMutation } from '../../../lib/query';

export const useGlobalConfig = () => useCall(config.globalList);
export const useAdminConfig = () => useCall(config.adminList);
export const useUpdateGlobal = () => useCallMutation(config.globalUpdate, [config.globalList, config.public]);
export const useUpdateAdmin = () => useCallMutation(config.adminUpdate, [config.adminList, config.globalList]);
/**
 * One's own account: the saved account the answer carries is the session at once (the header's name and
 * avatar), before the session is read again; a read that failed (a busy server, a dropped connection) once
 * left the header on the old name while the form said it was saved.
 */
export const useUpdateUser = () =>
  useCallMutation(users.update, [users.session, users.list], (answer, client) => {
    // only one's own account is the session (the answer of another's would not be)
    if (typeof answer === 'object' && answer) client.setQueryData(keyOf(users.session), (session: unknown) => ((session as { _id?: string } | undefined)?._id === answer._id ? answer : session));
  });
