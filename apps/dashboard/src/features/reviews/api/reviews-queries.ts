import { keepPreviousData } from '@tanstack/react-query';
import type { Query } from '@campsite/shared';
import { reviews } from '@campsite/shared';
import { useCall, useCallMutation } from '../../../lib/query';

export const useReviewModels = () => useCall(reviews.listModels);
export const useModelInsert = () => useCallMutation(reviews.insertModel, [reviews.listModels]);
// a questionnaire's questions are the statistics' and the collected reviews' labels
export const useModelUpdate = () => useCallMutation(reviews.updateModel, [reviews.listModels, reviews.stats]);
export const useModelDelete = () => useCallMutation(reviews.deleteModel, [reviews.listModels]);

export const useReviewSettings = () => useCall(reviews.settings);
export const useReviewSettingsUpdate = () => useCallMutation(reviews.updateSettings, [reviews.settings]);

/** A page of collected reviews (the previous page stays shown while the next one loads). */
export const useReviewPage = (q: Query<typeof reviews.findByType>) => useCall(reviews.findByType, q, { placeholderData: keepPreviousData });
export const useReviewStats = (q: Query<typeof reviews.stats> | null) =>
  useCall(reviews.stats, q ?? { model: '', from: 0, to: 1 }, { enabled: q !== null, placeholderData: keepPreviousData });
export const useExtract = () => useCallMutation(reviews.extract);

/** Issue 32: a test link, a send to one guest, and the guest accounts to pick from. */
export const useTestLink = () => useCallMutation(reviews.testLink);
export const useSendModel = () => useCallMutation(reviews.sendModel);
export const useReviewGuests = (q: string) => useCall(reviews.guests, { q }, { enabled: q.length > 0, staleTime: 10_000 });
/** The services a questionnaire may follow (issue 32), read when the form offers them. */
export const useReviewServices = (enabled: boolean) => useCall(reviews.services, undefined, { enabled });
