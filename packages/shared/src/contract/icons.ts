import { z } from 'zod';
import { BOOKLET } from '../messages/booklet';
import { call, orFalse, staff } from './call';
import { deleteAnswer, id, idBody, missing } from './common';

/** Icon styles of 000 §3: lineal (shown as Filaire) and fill (Rempli). */
export const ICON_TYPES = ['lineal', 'fill'] as const;
export type IconType = (typeof ICON_TYPES)[number];
export const ICON_TYPE_LABELS: Record<IconType, string> = { lineal: 'Filaire', fill: 'Rempli' };
/** The theme of the preview variants; any other value is a theme's _id. */
export const BLANK_THEME = 'blank';

/** One colour variant: `icon` is the _id of an uploaded image (files/add-image). */
export const iconVariant = z.object({ theme: z.string(), icon: z.string() });
export type IconVariant = z.infer<typeof iconVariant>;

export const iconDoc = z.object({
  _id: z.string(),
  name: z.string(),
  lineal: z.array(iconVariant),
  fill: z.array(iconVariant),
  /** file id of the preview: the blank lineal variant, else blank fill, else the first variant */
  prev: z.string().nullable(),
});
export type Icon = z.infer<typeof iconDoc>;

const iconFields = {
  name: z.string(missing(BOOKLET.iconNameRequired)).trim().min(1, BOOKLET.iconNameRequired).max(50),
  type: z.enum(ICON_TYPES, { error: BOOKLET.iconTypeRequired }),
  theme: z.string(missing(BOOKLET.iconThemeRequired)).trim().min(1, BOOKLET.iconThemeRequired).max(64),
};
export const iconInsert = z.object({
  ...iconFields,
  icon: z.string(missing(BOOKLET.iconImageRequired)).min(1, BOOKLET.iconImageRequired).max(64),
});
/** Renames the icon; with `icon`, also sets the image of the (type, theme) variant. */
export const iconUpdate = z.object({
  id,
  ...iconFields,
  icon: z.string().max(64).nullable().optional(),
});

/** The preview of an icon (its `prev`), from its variants. */
export function iconPreview(icon: Pick<Icon, 'lineal' | 'fill'>): string | null {
  return (
    icon.lineal.find((v) => v.theme === BLANK_THEME)?.icon ??
    icon.fill.find((v) => v.theme === BLANK_THEME)?.icon ??
    icon.lineal[0]?.icon ??
    icon.fill[0]?.icon ??
    null
  );
}

export const icons = {
  list: call('GET', 'dashboard/icons/list', {
    access: 'public',
    answer: z.array(iconDoc),
    summary: 'All icons sorted by name (read by the guest app too)',
  }),
  insert: call('POST', 'dashboard/icons/insert', { ...staff('rubrics'), body: iconInsert, answer: orFalse(iconDoc), summary: 'Creates an icon' }),
  update: call('POST', 'dashboard/icons/update', {
    ...staff('rubrics'),
    body: iconUpdate,
    answer: orFalse(iconDoc),
    summary: 'Renames; with icon, adds or replaces the variant of that type and theme',
  }),
  delete: call('POST', 'dashboard/icons/delete', { ...staff('rubrics'), body: idBody, answer: deleteAnswer, summary: 'Deletes an icon' }),
  deleteColor: call('POST', 'dashboard/icons/delete-color', {
    ...staff('rubrics'),
    body: z.object({ id, type: z.enum(ICON_TYPES, { error: BOOKLET.iconTypeRequired }), theme: z.string().min(1, BOOKLET.iconThemeRequired).max(64) }),
    answer: orFalse(iconDoc),
    summary: 'Removes one colour variant; answers the icon',
  }),
};
