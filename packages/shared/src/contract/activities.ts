import { z } from 'zod';
import { isBlankText } from '../domain/translations';
import { calendarYears, inCalendarYears, SCHEDULE_MAX_DAYS, SCHEDULE_MESSAGES } from '../domain/schedule';
import { ACTIVITIES, CORE, titleMax, titleRequired } from '../messages';
import { call, orFalse, staff } from './call';
import { deleteAnswer, id, idBody, lang, missing, queryFlag } from './common';

/** 001 §9: names of activities and of their categories, per language. */
export const ACTIVITY_NAME_MAX = 40;
const CONTENT_MAX = 200_000;

// ---------------------------------------------------------------- categories

export const animationCategoryTranslation = z.object({ lang, name: z.string().max(200) });

export const animationCategoryDoc = z.object({
  _id: z.string(),
  /** 6 hex digits, without '#' */
  color: z.string(),
  translations: z.array(animationCategoryTranslation),
});
export type AnimationCategory = z.infer<typeof animationCategoryDoc>;

/** Colour as typed, with or without '#'; stored without it (001 §5). */
export const colorInput = z
  .string({ error: ACTIVITIES.colorRequired })
  .trim()
  .min(1, ACTIVITIES.colorRequired)
  .regex(/^#?[0-9a-fA-F]{6}$/, ACTIVITIES.colorInvalid)
  .transform((v) => v.replace(/^#/, ''));

type Named = { lang: string; name: string };

/** Each language once; every name at most 40 characters, said in the language's version. */
function checkNames(translations: Named[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  translations.forEach((t, i) => {
    if (seen.has(t.lang)) ctx.addIssue({ code: 'custom', path: ['translations', i, 'lang'], message: CORE.badRequest });
    seen.add(t.lang);
    if (t.name.trim().length > ACTIVITY_NAME_MAX) {
      ctx.addIssue({ code: 'custom', path: ['translations', i, 'name'], message: titleMax(ACTIVITY_NAME_MAX, t.lang) });
    }
  });
}

const categoryFields = {
  color: colorInput,
  translations: z.array(animationCategoryTranslation).max(7),
};
export const animationCategoryInsert = z.object(categoryFields).superRefine((v, ctx) => checkNames(v.translations, ctx));
export const animationCategoryUpdate = z.object({ _id: id, ...categoryFields }).superRefine((v, ctx) => checkNames(v.translations, ctx));

// ---------------------------------------------------------------- animations

export const animationTranslation = z.object({ lang, name: z.string().max(200), content: z.string().max(CONTENT_MAX) });

export const animationDoc = z.object({
  _id: z.string(),
  category: z.string(),
  /** image file id (files/add-image); left out by list?nocover */
  cover: z.string().nullable().optional(),
  /** 'Affichage dynamique': highlighted in the guest app */
  front: z.boolean(),
  translations: z.array(animationTranslation),
  service_benefit: z.string().nullable(),
  /** the staff member who saved it last */
  user: z.string().nullable(),
  created_time: z.number(),
  edited_time: z.number(),
});
export type Animation = z.infer<typeof animationDoc>;

const animationFields = {
  category: z.string(missing(ACTIVITIES.categoryRequired)).trim().min(1, ACTIVITIES.categoryRequired).max(64),
  cover: id.nullable().optional().transform((v) => v ?? null),
  front: z.boolean().optional().transform((v) => v ?? false),
  translations: z.array(animationTranslation).max(7),
  service_benefit: id.nullable().optional().transform((v) => v ?? null),
};

function checkAnimation(v: { cover: string | null; front: boolean; translations: Named[] }, ctx: z.RefinementCtx) {
  checkNames(v.translations, ctx);
  if (v.front && !v.cover) ctx.addIssue({ code: 'custom', path: ['cover'], message: ACTIVITIES.coverRequired });
}
export const animationInsert = z.object(animationFields).superRefine(checkAnimation);
export const animationUpdate = z.object({ _id: id, ...animationFields }).superRefine(checkAnimation);

/**
 * The rules that need the establishment's default language (001 §5): its name ('titre') and its content
 * are required. Answers the messages by field path, as the server's 400 does; empty when all is well.
 */
export function activityLanguageIssues(
  translations: readonly { lang: string; name: string; content?: string }[],
  defaultLang: string,
  { content }: { content: boolean },
): Record<string, string> {
  const index = translations.findIndex((t) => t.lang === defaultLang);
  const entry = translations[index];
  const at = index >= 0 ? index : translations.length;
  const issues: Record<string, string> = {};
  if (!entry || entry.name.trim() === '') issues[`translations.${at}.name`] = titleRequired(defaultLang);
  if (content && (!entry || isBlankText(entry.content))) issues[`translations.${at}.content`] = ACTIVITIES.contentRequired(defaultLang);
  return issues;
}

// ---------------------------------------------------------------- dates

export const animationDateDoc = z.object({
  _id: z.string(),
  animation: z.string(),
  /** epoch seconds */
  start: z.number(),
  end: z.number(),
});
export type AnimationDate = z.infer<typeof animationDateDoc>;

// epoch seconds, their years checked below with a sentence of their own
const occurrence = z.object({ start: z.number().int(), end: z.number().int() });
export const animationDatesInsert = z
  .object({
    animation: z.string(missing(SCHEDULE_MESSAGES.animation)).trim().min(1, SCHEDULE_MESSAGES.animation).max(64),
    dates: z
      .array(occurrence, { error: SCHEDULE_MESSAGES.datesMissing })
      .min(1, SCHEDULE_MESSAGES.datesMissing)
      .max(SCHEDULE_MAX_DAYS, SCHEDULE_MESSAGES.tooManyDays),
  })
  .superRefine((v, ctx) => {
    const { from, to } = calendarYears();
    v.dates.forEach((d, i) => {
      for (const side of ['start', 'end'] as const) {
        if (!inCalendarYears(d[side])) ctx.addIssue({ code: 'custom', path: ['dates', i, side], message: SCHEDULE_MESSAGES.yearsOutOfRange(from, to) });
      }
      if (d.end <= d.start) ctx.addIssue({ code: 'custom', path: ['dates', i, 'end'], message: SCHEDULE_MESSAGES.hoursOrder });
    });
  });

/** Not in the spec: a window on start (epoch seconds, from inclusive, to exclusive), so a calendar loads a month. */
const epochParam = z.coerce.number().int().optional();

// ---------------------------------------------------------------- calls

export const animations = {
  list: call('GET', 'webapp/animations/list', {
    access: 'public',
    query: z.object({ nocover: queryFlag }),
    answer: z.array(animationDoc),
    summary: 'Sorted by name in the default language; nocover leaves the cover out',
  }),
  find: call('GET', 'webapp/animations/find', { access: 'public', query: z.object({ id }), answer: orFalse(animationDoc), summary: 'Reads one activity (false: unknown id)' }),
  insert: call('POST', 'webapp/animations/insert', {
    ...staff('activities'),
    body: animationInsert,
    answer: animationDoc,
    summary: 'service_benefit set needs the premium plan (403); a cover over 5 MB is a 413',
  }),
  update: call('POST', 'webapp/animations/update', {
    ...staff('activities'),
    body: animationUpdate,
    answer: orFalse(animationDoc),
    summary: 'Updates an activity (false: unknown id)',
  }),
  delete: call('POST', 'webapp/animations/delete', {
    ...staff('activities'),
    body: idBody,
    answer: deleteAnswer,
    summary: 'Deletes the activity and its dates',
  }),
};

export const animationDates = {
  list: call('GET', 'webapp/animation-dates/list', {
    access: 'public',
    query: z.object({ from: epochParam, to: epochParam, animation: id.optional() }),
    answer: z.array(animationDateDoc),
    summary: 'Sorted by start; from/to (ours) keep the dates whose start is in [from, to)',
  }),
  insert: call('POST', 'webapp/animation-dates/insert', {
    ...staff('activities'),
    body: animationDatesInsert,
    answer: orFalse(z.array(animationDateDoc)),
    summary: 'All dates of one submission in one transaction; false for an unknown animation',
  }),
  delete: call('POST', 'webapp/animation-dates/delete', {
    ...staff('activities'),
    body: idBody,
    answer: deleteAnswer,
    summary: 'Deletes one date of an activity',
  }),
  deleteByAnimation: call('POST', 'webapp/animation-dates/delete-by-animation', {
    ...staff('activities'),
    body: z.object({ animation: id }),
    answer: deleteAnswer,
    summary: 'Deletes every date of an activity',
  }),
};

export const animationCategories = {
  list: call('GET', 'webapp/animation-categories/list', { access: 'public', answer: z.array(animationCategoryDoc), summary: 'Lists the activity categories' }),
  insert: call('POST', 'webapp/animation-categories/insert', {
    ...staff('activities'),
    body: animationCategoryInsert,
    answer: animationCategoryDoc,
    summary: 'Creates an activity category',
  }),
  update: call('POST', 'webapp/animation-categories/update', {
    ...staff('activities'),
    body: animationCategoryUpdate,
    answer: orFalse(animationCategoryDoc),
    summary: 'Updates an activity category (false: unknown id)',
  }),
  delete: call('POST', 'webapp/animation-categories/delete', {
    ...staff('activities'),
    body: idBody,
    answer: deleteAnswer,
    summary: 'Refused (400) while activities still use the category',
  }),
};
