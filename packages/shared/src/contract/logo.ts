import { z } from 'zod';
import { CORE } from '../messages';
import { call, orFalse, staff } from './call';
import { missing } from './common';

/** The guest app's logo: an image file kept by id, and the address to show it. */
export const logoDoc = z.object({ logo: z.string().nullable(), url: z.string().nullable() });
export type LogoDoc = z.infer<typeof logoDoc>;

export const logo = {
  get: call('GET', 'webapp/config/logo', { access: 'public', answer: logoDoc, summary: 'The logo (null when none)' }),
  update: call('POST', 'webapp/config/logo/update', {
    ...staff('rubrics'),
    // a data URL of an image of at most 5 MB (base64 makes it a third longer)
    body: z.object({ logo: z.string(missing(CORE.fileMissing)).min(1, CORE.fileMissing).max(7_200_000, CORE.fileTooLarge(5)) }),
    answer: orFalse(logoDoc),
    summary: 'Stores the image (data URL) as a file and makes it the logo',
  }),
};
