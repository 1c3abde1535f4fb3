import { files } from '@campsite/shared';
import { useCall, useCallMutation } from '../../../lib/query';

export const useFiles = () => useCall(files.list);
export const useDeleteImage = () => useCallMutation(files.deleteImage, [files.list]);
export const useDeletePdf = () => useCallMutation(files.deletePdf, [files.list]);
