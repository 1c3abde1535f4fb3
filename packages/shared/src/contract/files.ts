import { z } from 'zod';
import { call, orFalse, staff, type Permission } from './call';
import { deleteAnswer, id, idBody } from './common';
import { pageFields, pageOf, textFilter } from './listing';

export const IMAGE_WIDTHS = [1920, 1280, 720, 192] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_PDF_BYTES = 10 * 1024 * 1024;

/**
 * The areas whose screens upload or pick images and PDFs (specs 001, 002): the booklet (pages, covers,
 * files screen, icons, home modules), activities (covers, content), services (covers), e-mail templates
 * (images of the rich text), general settings (background), inventories (photos) and staff accounts
 * (avatars). Uploading and listing files needs one of them: what is uploaded is served publicly and
 * kept by browsers for a year. Deleting stays with the files screen's flag (rubrics).
 */
export const FILE_FLAGS: Permission[] = ['rubrics', 'activities', 'services', 'emails', 'params', 'inventories', 'users'];

export const fileDoc = z.object({
  _id: z.string(),
  name: z.string(),
  originalname: z.string(),
  type: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  size: z.number(),
  /** widths of the resized variants that exist */
  sources: z.array(z.number()),
  created_time: z.number(),
  /** the address to show it: get-image/{base} for images, get-file/{base} for PDFs */
  url: z.string(),
});
export type FileDoc = z.infer<typeof fileDoc>;

// the addresses of the files live in a zod-free module: the guest app builds them too
export { fileBase, fileUrl, imageUrl, pdfUrl } from './file-urls';

/**
 * The files screen's query (ours): without `page` the spec's answer, every image and PDF; with it, a page
 * `{rows, total, page, per_page}` (docs/api.md), filtered by kind, origin and name.
 */
export const fileListQuery = z.object({
  ...pageFields(['created_time', 'originalname', 'size'] as const, 'created_time'),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /** newest first unless asked otherwise */
  order: z.enum(['asc', 'desc']).default('desc'),
  kind: z.enum(['image', 'pdf']).optional(),
  /** 'establishment': the files the staff added, not the images of the icon library; 'icons': those only */
  origin: z.enum(['establishment', 'icons']).optional(),
  /** part of the file's name, case and accents ignored */
  search: textFilter,
});
export const filePage = pageOf(fileDoc);

export const files = {
  list: call('GET', 'dashboard/files/list', {
    access: 'dashboard',
    anyPermission: FILE_FLAGS,
    query: fileListQuery,
    answer: z.union([z.array(fileDoc), filePage]),
    summary: 'Images and PDFs newest first; with page: a page filtered by kind, origin and name (docs/api.md)',
  }),
  insert: call('POST', 'dashboard/files/insert', {
    access: 'dashboard',
    anyPermission: FILE_FLAGS,
    body: z.object({
      name: z.string().max(200),
      type: z.string().max(100),
      /** a data URL or bare base64 */
      data: z.string().min(1).max(8_000_000),
      width: z.number().nullable().optional(),
      height: z.number().nullable().optional(),
    }),
    answer: orFalse(z.string()),
    summary: 'Answers the _id of the stored image (rich-text editor uploads)',
  }),
  addImage: call('POST', 'dashboard/files/add-image', { access: 'dashboard', anyPermission: FILE_FLAGS, multipart: true, answer: orFalse(fileDoc), summary: 'Uploads an image (multipart `file`), re-encoded with its smaller variants' }),
  addPdf: call('POST', 'dashboard/files/add-pdf', { access: 'dashboard', anyPermission: FILE_FLAGS, multipart: true, answer: orFalse(fileDoc), summary: 'Uploads a PDF document (multipart `file`)' }),
  deleteImage: call('POST', 'dashboard/files/delete-image', { ...staff('rubrics'), body: idBody, answer: deleteAnswer, summary: 'Deletes an image file' }),
  deletePdf: call('POST', 'dashboard/files/delete-pdf', { ...staff('rubrics'), body: idBody, answer: deleteAnswer, summary: 'Deletes a PDF file' }),
  get: call('GET', 'dashboard/files/get', {
    access: 'public',
    raw: true,
    query: z.object({ id, width: z.coerce.number().int().optional() }),
    answer: z.any(),
    summary: 'Downloads a file by id (an image in the width asked, when it has one)',
  }),
  getImage: call('GET', 'dashboard/files/get-image/:name', { access: 'public', raw: true, answer: z.any(), summary: 'Downloads an image by its name' }),
  getImageThumb: call('GET', 'dashboard/files/get-image/:name/:size', { access: 'public', raw: true, answer: z.any(), summary: 'Downloads an image by its name, in one of its smaller widths' }),
  getFile: call('GET', 'dashboard/files/get-file/:name', { access: 'public', raw: true, answer: z.any(), summary: 'Downloads a PDF file by its name' }),
};
