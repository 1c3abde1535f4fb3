import { groups, icons, lists, logo, menu, modules, pages, themes } from '@campsite/shared';
import { useCall, useCallMutation } from '../../../lib/query';

// themes
export const useThemes = () => useCall(themes.list);
export const useCurrentTheme = () => useCall(themes.current);
export const useInsertTheme = () => useCallMutation(themes.insert, [themes.list]);
export const useUpdateTheme = () => useCallMutation(themes.update, [themes.list, themes.current]);
export const useDeleteTheme = () => useCallMutation(themes.delete, [themes.list]);
export const useSelectTheme = () => useCallMutation(themes.select, [themes.current, menu.get]);

// logo
export const useLogo = () => useCall(logo.get);
export const useUpdateLogo = () => useCallMutation(logo.update, [logo.get]);

// bottom menu
export const useMenu = () => useCall(menu.get);
export const useInsertMenuEntry = () => useCallMutation(menu.insert, [menu.get]);
export const useUpdateMenuEntry = () => useCallMutation(menu.update, [menu.get]);
export const useOrderMenu = () => useCallMutation(menu.order, [menu.get]);
export const useDeleteMenuEntry = () => useCallMutation(menu.delete, [menu.get]);

// home modules
export const useModules = () => useCall(modules.list);
export const useInsertModule = () => useCallMutation(modules.insert, [modules.list]);
export const useUpdateModule = () => useCallMutation(modules.update, [modules.list]);
export const useOrderModules = () => useCallMutation(modules.order, [modules.list]);
export const useDeleteModule = () => useCallMutation(modules.delete, [modules.list]);

// what modules and menu entries point at (the booklet's reads)
export const useGroups = () => useCall(groups.list);
export const usePages = () => useCall(pages.list, { nocover: true, nosections: true });
export const useLists = () => useCall(lists.list, { nocover: true });
export const useIcons = () => useCall(icons.list);
