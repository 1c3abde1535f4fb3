/** The fuzz test's upload bodies (http/fuzz.test.ts): a few good files and every malformed multipart it sends. */
import sharp from 'sharp';
import { json, LONG } from './fuzz-inputs';

const BOUNDARY = '----campsite-fuzz';
const part = (name: string, filename: string | null, type: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename === null ? '' : `; filename="${filename}"`}\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from('\r\n'),
  ]);
const end = Buffer.from(`--${BOUNDARY}--\r\n`);
export async function multipartCases(): Promise<{ payload: Buffer | string; contentType: string; description: string }[]> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3e7cb1' } }).png().toBuffer();
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  // a PNG header that claims 100 000 × 100 000 pixels
  const bomb = Buffer.from(png);
  bomb.writeUInt32BE(100_000, 16);
  bomb.writeUInt32BE(100_000, 20);
  const mp = `multipart/form-data; boundary=${BOUNDARY}`;
  return [
    { payload: Buffer.concat([part('file', 'plage.png', 'image/png', png), end]), contentType: mp, description: 'a small PNG' },
    { payload: Buffer.concat([part('file', 'guide.pdf', 'application/pdf', pdf), end]), contentType: mp, description: 'a small PDF' },
    { payload: Buffer.concat([part('file', 'plage.png', 'image/png', png)]), contentType: mp, description: 'no closing boundary' },
    { payload: Buffer.concat([part('file', 'plage.png', 'image/png', png.subarray(0, 20)), end]), contentType: mp, description: 'a truncated PNG' },
    { payload: Buffer.concat([part('titre', null, 'text/plain', Buffer.from('pas de fichier')), end]), contentType: mp, description: 'no file part' },
    { payload: end, contentType: mp, description: 'no part at all' },
    { payload: '', contentType: mp, description: 'an empty body' },
    { payload: Buffer.concat([part('file', 'plage.png', 'image/png', png), end]), contentType: 'multipart/form-data', description: 'no boundary' },
    { payload: 'garbage without any boundary', contentType: mp, description: 'garbage' },
    { payload: Buffer.concat([part('file', 'a.png', 'image/png', png), part('file', 'b.png', 'image/png', png), end]), contentType: mp, description: 'two files' },
    { payload: Buffer.concat([part('file', `x\u0000y\ud800.png`, 'image/png', png), end]), contentType: mp, description: 'NUL and a lone surrogate in the file name' },
    { payload: Buffer.concat([part('file', `${LONG}.png`, 'image/png', png), end]), contentType: mp, description: 'a 10 000-character file name' },
    { payload: Buffer.concat([part('file', 'bombe.png', 'image/png', bomb), end]), contentType: mp, description: 'a PNG claiming 10 gigapixels' },
    { payload: Buffer.concat([part('file', 'script.png', 'image/png', Buffer.from('<script>alert(1)</script>')), end]), contentType: mp, description: 'HTML named .png' },
    { payload: Buffer.concat([part('file', 'vide.pdf', 'application/pdf', Buffer.alloc(0)), end]), contentType: mp, description: 'an empty file' },
    { payload: json({ file: 'plage.png' }), contentType: 'application/json', description: 'JSON instead of multipart' },
    { payload: 'file=plage.png', contentType: 'application/x-www-form-urlencoded', description: 'a urlencoded form' },
  ];
}

