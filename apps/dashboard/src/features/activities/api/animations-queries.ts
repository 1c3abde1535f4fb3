import { animationDates, animations, serviceBenefits, services } from '@campsite/shared';
import { useCall, useCallMutation } from '../../../lib/query';

/** The table shows a thumbnail: the cover is an id, so the list stays light either way. */
export const useAnimations = () => useCall(animations.list, {});
/** Names and categories only, for the calendar and the schedule form. */
export const useAnimationNames = () => useCall(animations.list, { nocover: true });
export const useInsertAnimation = () => useCallMutation(animations.insert, [animations.list]);
export const useUpdateAnimation = () => useCallMutation(animations.update, [animations.list, animations.find]);
export const useDeleteAnimation = () => useCallMutation(animations.delete, [animations.list, animationDates.list]);

/** The benefits an activity may link to, with their services' names (premium only; 001 §6). */
export const useBenefitChoices = (enabled: boolean) => ({
  benefits: useCall(serviceBenefits.list, undefined, { enabled, staleTime: 60_000 }),
  services: useCall(services.list, undefined, { enabled, staleTime: 60_000 }),
});
