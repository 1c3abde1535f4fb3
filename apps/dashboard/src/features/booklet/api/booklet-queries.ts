import { categories, groups, icons, lists, pages, services, themes } from '@campsite/shared';
import { useCall, useCallMutation } from '../../../lib/query';

export const useGroups = () => useCall(groups.list);
export const useIcons = () => useCall(icons.list, undefined, { staleTime: 60_000 });
export const useCategories = (group: string) => useCall(categories.findByGroup, { group });
export const usePage = (id: string) => useCall(pages.find, { id });
export const usePageOfCategory = (category: string) => useCall(pages.findByCategory, { category });
export const useListOfCategory = (category: string) => useCall(lists.findByCategory, { category });
/** The guest app's theme, for the list preview's colours (false when none is selected). */
export const useCurrentTheme = () => useCall(themes.current, undefined, { staleTime: 60_000, retry: false });

// a write refreshes every read it may change; React Query refetches only those on screen
const content = [groups.list, categories.findByGroup, categories.list, pages.find, pages.findByCategory, pages.list, lists.findByCategory, lists.list];

export const useGroupInsert = () => useCallMutation(groups.insert, content);
export const useGroupUpdate = () => useCallMutation(groups.update, content);
export const useGroupDelete = () => useCallMutation(groups.delete, content);

export const useCategoryInsert = () => useCallMutation(categories.insert, content);
export const useCategoryUpdate = () => useCallMutation(categories.update, content);
export const useCategoryDuplicate = () => useCallMutation(categories.duplicate, content);
export const useCategoryOrder = () => useCallMutation(categories.order, content);
export const useCategoryDelete = () => useCallMutation(categories.delete, content);

export const useSectionInsert = () => useCallMutation(pages.insertSection, content);
export const useSectionUpdate = () => useCallMutation(pages.updateSection, content);
export const useSectionDuplicate = () => useCallMutation(pages.duplicateSection, content);
export const useSectionOrder = () => useCallMutation(pages.orderSections, content);
export const useSectionDelete = () => useCallMutation(pages.deleteSection, content);
export const usePageCover = () => useCallMutation(pages.updateCover, content);
export const usePageService = () => useCallMutation(pages.updateService, content);
export const usePageServiceDelete = () => useCallMutation(pages.deleteService, content);
/** The services a page's button may open (premium; the rubrics flag reads them, 001 §6). */
export const useServiceChoices = () => useCall(services.list, undefined, { staleTime: 60_000 });

export const useElementInsert = () => useCallMutation(lists.insertElement, content);
export const useElementUpdate = () => useCallMutation(lists.updateElement, content);
export const useElementOrder = () => useCallMutation(lists.orderElements, content);
export const useElementDelete = () => useCallMutation(lists.deleteElement, content);
export const useElementTransform = () => useCallMutation(lists.transformSubcategory, content);
export const useListCover = () => useCallMutation(lists.updateCover, content);
