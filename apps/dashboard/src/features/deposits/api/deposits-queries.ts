import { keepPreviousData } from '@tanstack/react-query';
import { accommodations, deposits, type DepositListQuery } from '@campsite/shared';
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
