import { keepPreviousData } from '@tanstack/react-query';
import { accommodations, inventories, inventoryConfig, type InventoryListQuery } from '@campsite/shared';
import { useCall, useCallMutation } from '../../../lib/query';

export const useAccommodations = () => useCall(accommodations.list);
export const useAccommodation = (id: string) => useCall(accommodations.find, { id });
export const useInventoryConfig = () => useCall(inventoryConfig.list);

// a write refreshes every read it may change; React Query refetches only those on screen
const setup = [accommodations.list, accommodations.find];
export const useAccommodationInsert = () => useCallMutation(accommodations.insert, setup);
export const useAccommodationDuplicate = () => useCallMutation(accommodations.duplicate, setup);
export const useAccommodationUpdate = () => useCallMutation(accommodations.update, setup);
export const useAccommodationDelete = () => useCallMutation(accommodations.delete, setup);
export const useCategoryInsert = () => useCallMutation(accommodations.insertCategory, setup);
export const useCategoryUpdate = () => useCallMutation(accommodations.updateCategory, setup);
export const useCategoryDelete = () => useCallMutation(accommodations.deleteCategory, setup);
export const useObjectsSave = () => useCallMutation(accommodations.insertObjects, setup);
export const useConfigUpdate = () => useCallMutation(inventoryConfig.update, [inventoryConfig.list]);

export const useInventoryList = (q: InventoryListQuery) => useCall(inventories.list, q, { placeholderData: keepPreviousData });
export const useStayInventories = (stayNumber: string | null) =>
  useCall(inventories.findByStayNumber, { stay_number: stayNumber ?? '' }, { enabled: !!stayNumber, staleTime: 0 });

const filled = [inventories.list, inventories.findByStayNumber, inventories.search, inventories.arrivalsToday];
export const useInventorySave = () => useCallMutation(inventories.insert, filled);
export const useCommentAdd = () => useCallMutation(inventories.updateComments, filled);
export const usePictureDelete = () => useCallMutation(inventories.deletePicture, filled);
export const useReportSend = () => useCallMutation(inventories.sendReport, []);
/** Today's arrivals whose arrival inventory is still to do (issue 32); asked again after a save. */
export const useArrivalsToday = () => useCall(inventories.arrivalsToday, undefined, { staleTime: 0 });
