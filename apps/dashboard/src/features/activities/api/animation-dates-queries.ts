import { animationDates } from '@campsite/shared';
import { useCall, useCallMutation } from '../../../lib/query';

/** One month of the calendar: the dates whose start is in [from, to). */
export const useAnimationDates = (range: { from: number; to: number }) => useCall(animationDates.list, range);
export const useInsertDates = () => useCallMutation(animationDates.insert, [animationDates.list]);
export const useDeleteDate = () => useCallMutation(animationDates.delete, [animationDates.list]);
