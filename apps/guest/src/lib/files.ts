/**
 * The address of a stored image by id, as `fileUrl` of the files contract builds it; repeated here
 * because that contract module builds zod schemas on import (calls.test.ts checks both agree).
 */
export const fileUrl = (fileId: string, width?: number) =>
  `/api/dashboard/files/get?id=${encodeURIComponent(fileId)}${width ? `&width=${width}` : ''}`;
