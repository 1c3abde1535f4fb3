/**
 * A photo from the phone's camera as JPEG: iPhones take HEIC, which the server cannot read; the browser
 * decodes it, a canvas re-encodes it, no wider than 1920 px (the largest width kept, 002 §9).
 */
export async function toJpeg(file: Blob, maxWidth = 1920): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, maxWidth / bitmap.width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('JPEG'))), 'image/jpeg', 0.85));
}
