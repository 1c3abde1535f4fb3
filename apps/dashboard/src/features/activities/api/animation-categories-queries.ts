import { animationCategories, animations } from '@campsite/shared';
import { useCall, useCallMutation } from '../../../lib/query';

export const useAnimationCategories = () => useCall(animationCategories.list);
export const useInsertCategory = () => useCallMutation(animationCategories.insert, [animationCategories.list]);
export const useUpdateCategory = () => useCallMutation(animationCategories.update, [animationCategories.list]);
export const useDeleteCategory = () => useCallMutation(animationCategories.delete, [animationCategories.list, animations.list]);
