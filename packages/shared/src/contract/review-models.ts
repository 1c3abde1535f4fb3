import { z } from 'zod';
import { isBlankText } from '../domain/translations';
import {
  REVIEWS,
  questionTitleMax,
  questionTitleRequired,
  reviewIntroMax,
  reviewIntroRequired,
  reviewNotifContentMax,
  reviewNotifContentRequired,
  reviewNotifTitleMax,
  reviewNotifTitleRequired,
  reviewTitleMax,
  reviewTitleRequired,
  selectAnswerMax,
  selectCountMismatch,
} from '../messages/reviews';
import { id, lang, missing, revision, sentRevision } from './common';

// Review questionnaires (001 §3, §5, §9): their wire shapes and rules, shared by the dashboard's form and
// the server's 400. The calls are in reviews.ts (which exports these too).

/** 001 §9 */
export const REVIEW_LIMITS = {
  name: 50,
  title: 50,
  introduction: 200,
  notification_title: 40,
  notification_content: 140,
  questionTitle: 50,
  questions: 10,
  selectMin: 2,
  selectMax: 5,
  selectAnswer: 25,
  perPage: 100,
} as const;

/** 001 §3: '' disabled, 'global' sent at the end of the stay. */
/** '' disabled, 'global' after each stay (001 §3), 'service' after a booked slot of one service (ours, issue 32) */
export const REVIEW_MODEL_TYPES = ['', 'global', 'service'] as const;
export type ReviewModelType = (typeof REVIEW_MODEL_TYPES)[number];
export const QUESTION_TYPES = ['text', 'notation', 'select'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** 001 §3: notification_time in seconds after departure, and the form's values. */
export const NOTIFICATION_TIMES = [
  { value: 'instant', seconds: 0 },
  { value: '1day_after', seconds: 86400 },
  { value: '2days_after', seconds: 172800 },
  { value: '3days_after', seconds: 259200 },
  { value: '4days_after', seconds: 345600 },
  { value: '5days_after', seconds: 432000 },
] as const;

// ---------------------------------------------------------------- questionnaires

export const reviewQuestionTranslation = z.object({
  lang,
  title: z.string().max(1000),
  /** select questions: the possible answers, comma-separated (empty entries ignored) */
  select_list: z.string().max(1000).optional().transform((s) => s ?? ''),
});

/** The possible answers of a select question in one language: trimmed, empty entries left out (001 §5). */
export const selectAnswers = (selectList: string | undefined | null): string[] =>
  (selectList ?? '').split(',').map((s) => s.trim()).filter(Boolean);

export const reviewQuestionDoc = z.object({
  /** stable across updates of the questionnaire: answers and statistics refer to it */
  _id: z.string(),
  type: z.enum(QUESTION_TYPES),
  mandatory: z.boolean(),
  translations: z.array(z.object({ lang, title: z.string(), select_list: z.string() })),
});
export type ReviewQuestion = z.infer<typeof reviewQuestionDoc>;

export const reviewModelTranslation = z.object({
  lang,
  title: z.string().max(1000),
  introduction: z.string().max(5000),
  notification_title: z.string().max(1000),
  notification_content: z.string().max(5000),
});

export const reviewModelDoc = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(REVIEW_MODEL_TYPES),
  /** seconds after departure: 0, 86400 … 432000 */
  notification_time: z.number(),
  questions: z.array(reviewQuestionDoc),
  nb_questions: z.number(),
  translations: z.array(reviewModelTranslation),
  /** the staff member who saved it last */
  user: z.string().nullable(),
  created_time: z.number(),
  edited_time: z.number(),
  /** ours: since when it is sent (type 'global'); stays that ended before are never invited */
  enabled_time: z.number().nullable(),
  /** ours (issue 29): raised by each save; sent back by an update, a changed record answers 409 */
  revision: revision.optional(),
  /** ours (issue 32): type 'service' only, the service whose booked slots it follows (null once deleted) */
  service: z.string().nullable().optional(),
});
export type ReviewModel = z.infer<typeof reviewModelDoc>;

const question = z.object({
  /** an existing question's id keeps its answers and statistics; none: a new question */
  _id: z.string().max(64).optional(),
  type: z.enum(QUESTION_TYPES, { error: REVIEWS.questionTypeInvalid }),
  mandatory: z.boolean().optional().transform((m) => m ?? true),
  translations: z.array(reviewQuestionTranslation).max(7),
});

const TEXT_RULES = [
  { field: 'title', max: REVIEW_LIMITS.title, required: reviewTitleRequired, tooLong: reviewTitleMax },
  { field: 'introduction', max: REVIEW_LIMITS.introduction, required: reviewIntroRequired, tooLong: reviewIntroMax },
  { field: 'notification_title', max: REVIEW_LIMITS.notification_title, required: reviewNotifTitleRequired, tooLong: reviewNotifTitleMax },
  { field: 'notification_content', max: REVIEW_LIMITS.notification_content, required: reviewNotifContentRequired, tooLong: reviewNotifContentMax },
] as const;

const modelFields = {
  name: z
    .string(missing(REVIEWS.nameRequired))
    .trim()
    .min(1, REVIEWS.nameRequired)
    .max(REVIEW_LIMITS.name, REVIEWS.nameMax),
  type: z.enum(REVIEW_MODEL_TYPES, { error: REVIEWS.typeInvalid }),
  notification_time: z
    .number({ error: REVIEWS.delayInvalid })
    .refine((n) => NOTIFICATION_TIMES.some((t) => t.seconds === n), REVIEWS.delayInvalid),
  translations: z.array(reviewModelTranslation).max(7),
  questions: z.array(question).max(REVIEW_LIMITS.questions, REVIEWS.atMostTenQuestions),
  /** type 'service' (ours, issue 32): the service whose booked slots it follows */
  service: z.string().max(64).nullable().optional(),
  /** the spec sends the acting user's id; the server takes the session's */
  user: z.string().max(64).nullable().optional(),
};

type ModelInput = {
  type?: string;
  service?: string | null;
  translations: readonly Record<string, unknown>[];
  questions: readonly { type: QuestionType; translations: readonly { lang: string; title: string; select_list?: string }[] }[];
};

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The rules every language obeys (001 §5: lengths checked in all), keyed by path as zod's issues are. */
function lengthIssues(v: ModelInput): Record<string, string> {
  const issues: Record<string, string> = {};
  const seen = new Set<string>();
  v.translations.forEach((t, i) => {
    const l = str(t.lang);
    if (seen.has(l)) issues[`translations.${i}.lang`] = 'Langue en double';
    seen.add(l);
    for (const r of TEXT_RULES) if (str(t[r.field]).trim().length > r.max) issues[`translations.${i}.${r.field}`] = r.tooLong(l);
  });
  v.questions.forEach((q, j) => {
    const langs = new Set<string>();
    q.translations.forEach((t, k) => {
      if (langs.has(t.lang)) issues[`questions.${j}.translations.${k}.lang`] = 'Langue en double';
      langs.add(t.lang);
      if (t.title.trim().length > REVIEW_LIMITS.questionTitle) issues[`questions.${j}.translations.${k}.title`] = questionTitleMax(t.lang);
      if (q.type !== 'select') return;
      const answers = selectAnswers(t.select_list);
      if (answers.some((a) => a.length > REVIEW_LIMITS.selectAnswer)) issues[`questions.${j}.translations.${k}.select_list`] = selectAnswerMax(t.lang);
      else if (answers.length > REVIEW_LIMITS.selectMax) issues[`questions.${j}.translations.${k}.select_list`] = REVIEWS.selectAtMostFive;
    });
  });
  return issues;
}

function refineModel(v: ModelInput, ctx: z.RefinementCtx) {
  if (v.questions.length === 0) ctx.addIssue({ code: 'custom', path: ['questions'], message: REVIEWS.atLeastOneQuestion });
  if (v.type === 'service' && !v.service) ctx.addIssue({ code: 'custom', path: ['service'], message: REVIEWS.serviceRequired });
  for (const [path, message] of Object.entries(lengthIssues(v))) ctx.addIssue({ code: 'custom', path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message });
}

export const reviewModelInsert = z.object(modelFields).superRefine(refineModel);
/** calls.md: update {id, ...same} */
export const reviewModelUpdate = z.object({ id, ...modelFields, ...sentRevision }).superRefine(refineModel);

/**
 * The rules that need the establishment's default language (001 §5): the four texts and every question's
 * title required in it, a select question's 2 to 5 answers in it, and as many answers in the other
 * languages that give some. Keyed by path like the server's 400; empty when all is well.
 */
export function reviewModelLanguageIssues(v: ModelInput, defaultLang: string): Record<string, string> {
  const issues: Record<string, string> = {};
  const at = (list: readonly { lang?: unknown }[]) => {
    const i = list.findIndex((t) => t.lang === defaultLang);
    return i >= 0 ? i : list.length;
  };
  const d = at(v.translations);
  const def = v.translations[d];
  for (const r of TEXT_RULES) if (isBlankText(def?.[r.field])) issues[`translations.${d}.${r.field}`] = r.required(defaultLang);
  v.questions.forEach((q, j) => {
    const k = at(q.translations);
    const t = q.translations[k];
    if (!t || t.title.trim() === '') issues[`questions.${j}.translations.${k}.title`] = questionTitleRequired(defaultLang);
    if (q.type !== 'select') return;
    const count = selectAnswers(t?.select_list).length;
    if (count < REVIEW_LIMITS.selectMin) issues[`questions.${j}.translations.${k}.select_list`] = REVIEWS.selectAtLeastTwo;
    q.translations.forEach((o, n) => {
      const c = selectAnswers(o.select_list).length;
      if (o.lang !== defaultLang && c > 0 && c !== count && count >= REVIEW_LIMITS.selectMin) {
        issues[`questions.${j}.translations.${n}.select_list`] = selectCountMismatch(o.lang, defaultLang);
      }
    });
  });
  return issues;
}

/** 001 §7: 'Review model responses carrying err_code 1 show the server's err_message globally'. */
export const errCodeAnswer = z.object({ err_code: z.literal(1), err_message: z.string() });
