import { z } from 'zod';
import { APPEARANCE } from '../messages/appearance';
import { call, orFalse, staff } from './call';
import { deleteAnswer, id, idBody, lang, missing } from './common';

/** Home-page blocks (000 §3): an activities block, a rubric, a page (or page category) or a list. */
export const MODULE_TYPES = ['animation', 'group', 'page', 'list'] as const;
export type ModuleType = (typeof MODULE_TYPES)[number];
export const MODULE_TYPE_LABELS: Record<ModuleType, string> = { animation: 'Activités', group: 'Rubrique', page: 'Page', list: 'Liste' };
export const MODULE_NAME_MAX = 50;
export const MODULE_TEXT_MAX = 40;

/**
 * What a module shows: group for a rubric; page (and its category, when it has one) for a page; list
 * (and its category) for a list; nothing for activities.
 */
export const moduleValues = z.object({
  group: z.string().optional(),
  page: z.string().optional(),
  category: z.string().nullable().optional(),
  list: z.string().optional(),
});
export type ModuleValues = z.infer<typeof moduleValues>;

export const moduleTranslation = z.object({ lang: z.string(), title: z.string(), subtitle: z.string().optional() });
export const moduleDoc = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(MODULE_TYPES),
  order: z.number(),
  values: moduleValues,
  translations: z.array(moduleTranslation),
});
export type HomeModule = z.infer<typeof moduleDoc>;

/** Types whose translations carry a subtitle (000 §4); it is required in the default language for pages. */
export const hasSubtitle = (type: ModuleType) => type === 'page' || type === 'list';

const ref = z.string().trim().max(64).nullish();
const text = z.string().max(500).transform((s) => s.trim());

const moduleFields = z.object({
  name: z.string(missing(APPEARANCE.moduleNameRequired)).trim().min(1, APPEARANCE.moduleNameRequired).max(MODULE_NAME_MAX, APPEARANCE.moduleNameMax),
  type: z.enum(MODULE_TYPES, { error: APPEARANCE.moduleTypeRequired }),
  values: z.object({ group: ref, page: ref, category: ref, list: ref }).default({}),
  translations: z.array(z.object({ lang, title: text, subtitle: text.optional() })).max(7),
  /** a new module without an order goes last */
  order: z.number().int().min(1).max(100_000).optional(),
});

type Fields = z.output<typeof moduleFields>;

/** The values a type needs, and only those: changing the type drops the others (000 §4). */
function checked(v: Fields, ctx: z.RefinementCtx) {
  const need = { group: ['group', APPEARANCE.moduleGroupRequired], list: ['list', APPEARANCE.moduleListRequired] } as const;
  if (v.type === 'group' || v.type === 'list') {
    const [key, message] = need[v.type];
    if (!v.values[key]) ctx.addIssue({ code: 'custom', path: ['values', key], message });
  }
  if (v.type === 'page' && !v.values.page && !v.values.category) ctx.addIssue({ code: 'custom', path: ['values', 'page'], message: APPEARANCE.modulePageRequired });
  const seen = new Set<string>();
  v.translations.forEach((t, i) => {
    if (seen.has(t.lang)) ctx.addIssue({ code: 'custom', path: ['translations', i, 'lang'], message: 'Langue en double' });
    seen.add(t.lang);
    if (t.title.length > MODULE_TEXT_MAX) ctx.addIssue({ code: 'custom', path: ['translations', i, 'title'], message: APPEARANCE.moduleTitleMax(t.lang) });
    if (hasSubtitle(v.type) && (t.subtitle ?? '').length > MODULE_TEXT_MAX) {
      ctx.addIssue({ code: 'custom', path: ['translations', i, 'subtitle'], message: APPEARANCE.moduleSubtitleMax(t.lang) });
    }
  });
}

function shaped<T extends Fields>(v: T) {
  const values: ModuleValues =
    v.type === 'group' ? { group: v.values.group! }
    : v.type === 'page' ? { ...(v.values.page ? { page: v.values.page } : {}), ...(v.values.category ? { category: v.values.category } : {}) }
    : v.type === 'list' ? { list: v.values.list! }
    : {};
  const translations = v.translations.map((t) => (hasSubtitle(v.type) ? { lang: t.lang, title: t.title, subtitle: t.subtitle ?? '' } : { lang: t.lang, title: t.title }));
  return { ...v, values, translations };
}

export const moduleInsert = moduleFields.superRefine(checked).transform(shaped);
export const moduleUpdate = moduleFields.extend({ id }).superRefine(checked).transform(shaped);
export type ModuleInput = z.input<typeof moduleInsert>;

/**
 * The rules that need the default language: its title is required, and its subtitle for page modules
 * (000 §5). Keyed `title.fr`, `subtitle.fr`, like the booklet's text errors.
 */
export function moduleTextErrors(
  translations: readonly { lang: string; title?: string; subtitle?: string }[],
  type: ModuleType,
  defaultLang: string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const def = translations.find((t) => t.lang === defaultLang);
  if (!def?.title?.trim()) errors[`title.${defaultLang}`] = APPEARANCE.moduleTitleRequired(defaultLang);
  if (type === 'page' && !def?.subtitle?.trim()) errors[`subtitle.${defaultLang}`] = APPEARANCE.moduleSubtitleRequired(defaultLang);
  for (const t of translations) {
    if ((t.title ?? '').trim().length > MODULE_TEXT_MAX) errors[`title.${t.lang}`] = APPEARANCE.moduleTitleMax(t.lang);
    if (hasSubtitle(type) && (t.subtitle ?? '').trim().length > MODULE_TEXT_MAX) errors[`subtitle.${t.lang}`] = APPEARANCE.moduleSubtitleMax(t.lang);
  }
  return errors;
}

const rubrics = staff('rubrics');

export const modules = {
  list: call('GET', 'webapp/modules/list', { access: 'public', answer: z.array(moduleDoc), summary: 'Home-page modules by order' }),
  insert: call('POST', 'webapp/modules/insert', { ...rubrics, body: moduleInsert, answer: orFalse(moduleDoc), summary: 'Creates a home module' }),
  update: call('POST', 'webapp/modules/update', { ...rubrics, body: moduleUpdate, answer: orFalse(moduleDoc), summary: 'Updates a home module (false: unknown id)' }),
  order: call('POST', 'webapp/modules/order', {
    ...rubrics,
    body: z.object({ modules: z.array(z.object({ _id: id })).max(500) }),
    answer: orFalse(z.array(moduleDoc)),
    summary: 'Saves the whole list in its new order (orders renumbered 1, 2, …); false unless it names every module once',
  }),
  delete: call('POST', 'webapp/modules/delete', { ...rubrics, body: idBody, answer: deleteAnswer, summary: 'Deletes a home module' }),
};
