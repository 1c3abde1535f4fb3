import { keepPreviousData } from '@tanstack/react-query';
import type { Query } from '@campsite/shared';
import { files } from '@campsite/shared';
import { useCall, useCallMutation } from '../../../lib/query';

/** A page of the files screen: the previous page stays shown while the next one loads. */
export const useFilesPage = (query: Query<typeof files.list>) => useCall(files.list, query, { placeholderData: keepPreviousData });
export const useDeleteImage = () => useCallMutation(files.deleteImage, [files.list]);
export const useDeletePdf = () => useCallMutation(files.deletePdf, [files.list]);
