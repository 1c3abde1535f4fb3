import { z } from 'zod';
import { APPEARANCE } from '../messages/appearance';
import { call, orFalse, staff } from './call';
import { lang, missing } from './common';

/** The bottom menu of the guest app (000 §3): entries addressed by their position nb (0 first). */
export const MENU_TYPES = ['animation', 'rubric'] as const;
export type MenuType = (typeof MENU_TYPES)[number];
export const MENU_TYPE_LABELS: Record<MenuType, string> = { animation: 'Activités', rubric: 'Rubrique' };
export const MAX_MENU_ENTRIES = 5;
export const MENU_TITLE_MAX = 20;

export const menuEntryDoc = z.object({
  nb: z.number(),
  /** the title in the default language */
  title: z.string(),
  type: z.enum(MENU_TYPES),
  /** the rubric's _id, for type rubric */
  rubric: z.string().nullable(),
  /** the icon's _id (an icon with a lineal variant) */
  icon: z.string(),
  /** the title in every language, the default one included */
  translations: z.array(z.object({ lang: z.string(), title: z.string() })),
  /** file id of the icon's lineal image in the app's theme, else in the blank theme; null when gone */
  image: z.string().nullable(),
});
export type MenuEntry = z.infer<typeof menuEntryDoc>;
export const menuDoc = z.object({ values: z.array(menuEntryDoc) });
export type MenuDoc = z.infer<typeof menuDoc>;

const nb = z.number(missing('Position manquante')).int().min(0).max(100);

const entryFields = z.object({
  title: z.string(missing(APPEARANCE.menuTitleRequired)).trim().min(1, APPEARANCE.menuTitleRequired).max(MENU_TITLE_MAX, APPEARANCE.menuTitleTooLong),
  type: z.enum(MENU_TYPES, { error: APPEARANCE.menuTypeRequired }),
  rubric: z.string().trim().max(64).nullish(),
  icon: z.string(missing(APPEARANCE.menuIconRequired)).trim().min(1, APPEARANCE.menuIconRequired).max(64),
  /** the other languages' titles; the default language's is `title` */
  translations: z
    .array(z.object({ lang, title: z.string().max(200).transform((s) => s.trim()) }))
    .max(7)
    .default([]),
});

type EntryFields = z.output<typeof entryFields>;

/** The rules of 000 §5. */
function rules(v: EntryFields, ctx: z.RefinementCtx) {
  if (v.type === 'rubric' && !v.rubric) ctx.addIssue({ code: 'custom', path: ['rubric'], message: APPEARANCE.menuRubricRequired });
  v.translations.forEach((t, i) => {
    if (t.title.length > MENU_TITLE_MAX) ctx.addIssue({ code: 'custom', path: ['translations', i, 'title'], message: APPEARANCE.menuTitleMax(t.lang) });
  });
}
/** An activities entry keeps no rubric. */
const dropRubric = <T extends EntryFields>(v: T) => ({ ...v, rubric: v.type === 'rubric' ? (v.rubric ?? null) : null });

export const menuEntryInput = entryFields.superRefine(rules).transform(dropRubric);
export const menuEntryUpdate = entryFields.extend({ nb }).superRefine(rules).transform(dropRubric);
export type MenuEntryInput = z.input<typeof menuEntryInput>;

const rubrics = staff('rubrics');
const answer = orFalse(menuDoc);

export const menu = {
  get: call('GET', 'webapp/config/menu', { access: 'public', answer: menuDoc, summary: 'The bottom menu (not in the spec table)' }),
  insert: call('POST', 'webapp/config/menu/insert', { ...rubrics, body: menuEntryInput, answer, summary: 'Adds an entry at the end' }),
  update: call('POST', 'webapp/config/menu/update', {
    ...rubrics,
    body: menuEntryUpdate,
    answer,
    summary: 'Replaces the entry at position nb; false for an unknown position',
  }),
  order: call('POST', 'webapp/config/menu/order', {
    ...rubrics,
    body: z.object({ menu: z.array(z.object({ nb })).max(100) }),
    answer,
    summary: 'The entries in their new order, each named by its current nb; false unless each appears once',
  }),
  delete: call('POST', 'webapp/config/menu/delete', { ...rubrics, body: z.object({ nb }), answer, summary: "Removes an entry of the guest app's bottom menu" }),
};
