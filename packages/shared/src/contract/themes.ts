import { z } from 'zod';
import { APPEARANCE } from '../messages/appearance';
import { call, orFalse, staff } from './call';
import { deleteAnswer, id, idBody, missing } from './common';

/** A colour theme of the guest app (000 §3): four colours, 6 hex characters without '#'. */
export const themeDoc = z.object({
  _id: z.string(),
  name: z.string(),
  color1: z.string(),
  color2: z.string(),
  color3: z.string(),
  color4: z.string(),
});
export type Theme = z.infer<typeof themeDoc>;

/** The spec wants colour 1 of at least 6 characters and previews exactly 6 (000 §5, §9): all four are 6 hex. */
const colour = (n: number) =>
  z
    .string({ error: APPEARANCE.themeColorRequired(n) })
    .trim()
    .min(1, APPEARANCE.themeColorRequired(n))
    .regex(/^[0-9a-fA-F]{6}$/, APPEARANCE.themeColorInvalid(n))
    .transform((v) => v.toLowerCase());

export const themeInsert = z.object({
  name: z.string(missing(APPEARANCE.themeNameRequired)).trim().min(1, APPEARANCE.themeNameRequired).max(50, APPEARANCE.themeNameMax),
  color1: colour(1),
  color2: colour(2),
  color3: colour(3),
  color4: colour(4),
});
export type ThemeInsert = z.input<typeof themeInsert>;
export const themeUpdate = themeInsert.extend({ id });

export const themes = {
  list: call('GET', 'dashboard/themes/list', { access: 'dashboard', answer: z.array(themeDoc), summary: 'Themes sorted by name' }),
  insert: call('POST', 'dashboard/themes/insert', { ...staff('rubrics'), body: themeInsert, answer: orFalse(themeDoc), summary: 'Creates a colour theme' }),
  update: call('POST', 'dashboard/themes/update', {
    ...staff('rubrics'),
    body: themeUpdate,
    answer: orFalse(themeDoc),
    summary: 'Updates a colour theme (false: unknown id)',
  }),
  delete: call('POST', 'dashboard/themes/delete', {
    ...staff('rubrics'),
    body: idBody,
    answer: deleteAnswer,
    summary: "Refuses (400) to delete the guest app's current theme",
  }),
  current: call('GET', 'webapp/config/theme', { access: 'public', answer: orFalse(themeDoc), summary: "The guest app's theme, or false" }),
  select: call('POST', 'webapp/config/update-theme', {
    ...staff('rubrics'),
    body: idBody,
    answer: orFalse(themeDoc),
    summary: "Makes a theme the guest app's theme",
  }),
};
