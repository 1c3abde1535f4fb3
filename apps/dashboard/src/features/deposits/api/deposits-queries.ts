import { keepPreviousData } from '@tanstack/react-query';
import { accommodations, deposits, type DepositListQuery } from '@campsite/shared';
import { useCall, useCallMutation } from '../../../lib/query';

export const useDepositConfig = () => useCall(deposits.config);
export const useDepositConfigUpdate = () => useCallMutation(deposits.updateConfig, [deposits.config, deposits.list]);
export const useDepositList = (q: DepositListQuery) => useCall(deposits.list, q, { placeholderData: keepPreviousData });
export const useAccommodationTypes = () => useCall(accommodations.list);
export const useDepositSwitch = () => useCallMutation(accommodations.updateDeposit, [accommodations.list]);
