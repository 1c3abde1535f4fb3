import { keepPreviousData } from '@tanstack/react-query';
import { accommodations, deposits, type DepositListQuery, type Query } from '@campsite/shared';
import { useCall, useCallMutation } from '../../../lib/query';

export const useDepositConfig = () => useCall(deposits.config);
export const useDepositConfigUpdate = () => useCallMutation(deposits.updateConfig, [deposits.config, deposits.list]);
export const useDepositList = (q: DepositListQuery) => useCall(deposits.list, q, { placeholderData: keepPreviousData });
export const useAccommodationTypes = () => useCall(accommodations.list);
export const useDepositSwitch = () => useCallMutation(accommodations.updateDeposit, [accommodations.list]);
// the detail's actions (issue 32): each answers the deposit as it is after, and the list follows
export const useDepositResend = () => useCallMutation(deposits.resend, [deposits.list]);
export const useDepositCancel = () => useCallMutation(deposits.cancel, [deposits.list]);
export const useDepositRequestNow = () => useCallMutation(deposits.requestNow, [deposits.list]);
// the stays no request went to (issue 32), and the request made for one: it leaves that list for the other
export const useUnasked = (q: Query<typeof deposits.unasked>) => useCall(deposits.unasked, q, { placeholderData: keepPreviousData });
export const useRequestStay = () => useCallMutation(deposits.requestStay, [deposits.list, deposits.unasked]);
