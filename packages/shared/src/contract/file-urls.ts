// The addresses of stored files (zod-free: the guest app imports it; files.ts re-exports it).

/** Links derive from the file name up to its first dot (000 §7). */
export const fileBase = (name: string) => name.split('.')[0];
export const imageUrl = (name: string, size?: 720) =>
  `/api/dashboard/files/get-image/${fileBase(name)}${size ? `/${size}` : ''}`;
export const pdfUrl = (name: string) => `/api/dashboard/files/get-file/${fileBase(name)}`;
/** The image of a stored file by id, at a width (the guest app asks for 720 on phones). */
export const fileUrl = (fileId: string, width?: number) =>
  `/api/dashboard/files/get?id=${encodeURIComponent(fileId)}${width ? `&width=${width}` : ''}`;
