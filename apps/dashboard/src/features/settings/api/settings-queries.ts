import { config, users } from '@campsite/shared';
import { useCall, useCallMutation } from '../../../lib/query';

export const useGlobalConfig = () => useCall(config.globalList);
export const useAdminConfig = () => useCall(config.adminList);
export const useUpdateGlobal = () => useCallMutation(config.globalUpdate, [config.globalList, config.public]);
export const useUpdateAdmin = () => useCallMutation(config.adminUpdate, [config.adminList, config.globalList]);
export const useUpdateUser = () => useCallMutation(users.update, [users.session, users.list]);
