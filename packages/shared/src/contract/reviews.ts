import { z } from 'zod';
import { isBlankText } from '../domain/translations';
import { segment } from '../i18n/routes';
import type { Lang } from '../i18n/languages';
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
import { call, orFalse, staff } from './call';
import { deleteAnswer, id, idBody, lang, missing } from './common';

// Review questionnaires and collected reviews (001 §2-§9, calls.md 'Reviews'), then ours: the guest app's
// read and submit, the statistics, the settings (docs/reviews.md).

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
export const REVIEW_MODEL_TYPES = ['', 'global'] as const;
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
  /** the spec sends the acting user's id; the server takes the session's */
  user: z.string().max(64).nullable().optional(),
};

type ModelInput = {
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
  for (const [path, message] of Object.entries(lengthIssues(v))) ctx.addIssue({ code: 'custom', path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message });
}

export const reviewModelInsert = z.object(modelFields).superRefine(refineModel);
/** calls.md: update {id, ...same} */
export const reviewModelUpdate = z.object({ id, ...modelFields }).superRefine(refineModel);

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
const modelAnswer = z.union([reviewModelDoc, errCodeAnswer, z.literal(false)]);

// ---------------------------------------------------------------- collected reviews

/** text: the guest's words; notation: 1 to 5; select: the index of the answer in select_list; null: not answered */
export const reviewAnswer = z.union([z.string(), z.number(), z.null()]);
export type ReviewAnswer = z.infer<typeof reviewAnswer>;

export const reviewDoc = z.object({
  _id: z.string(),
  model: z.string().nullable(),
  /** the questionnaire's name when answered */
  model_name: z.string(),
  type: z.enum(REVIEW_MODEL_TYPES),
  /** epoch seconds */
  completed: z.number(),
  /** the language the guest answered in */
  lang: z.string(),
  stay_number: z.string().nullable(),
  /** the average of the notation answers, null without any */
  score: z.number().nullable(),
  /** the questions as they were asked, and one answer per question in their order */
  questions: z.array(reviewQuestionDoc),
  answers: z.array(reviewAnswer),
  user: z.object({ _id: z.string(), email: z.string(), firstname: z.string(), lastname: z.string() }).nullable(),
  client: z
    .object({ client_number: z.string(), email1: z.string().nullable(), email2: z.string().nullable(), firstname: z.string(), lastname: z.string() })
    .nullable(),
});
export type Review = z.infer<typeof reviewDoc>;

/** An answer as staff read it: the select answer's words in `lang` (else the first language that has it). */
export function answerText(q: ReviewQuestion, answer: ReviewAnswer, language: string): string {
  if (answer === null || answer === '') return '';
  if (q.type === 'notation') return `${answer} / 5`;
  if (q.type === 'select' && typeof answer === 'number') {
    const own = q.translations.find((t) => t.lang === language && selectAnswers(t.select_list)[answer]);
    const any = own ?? q.translations.find((t) => selectAnswers(t.select_list)[answer]);
    return any ? selectAnswers(any.select_list)[answer] : String(answer);
  }
  return String(answer);
}

const timeBound = z.coerce.number().int().min(0).max(5_000_000_000).optional();

/** 001 §9: 100 per page, the first page is 0. from/to (ours): completed in [from, to). */
export const reviewListQuery = z.object({
  type: z.enum(REVIEW_MODEL_TYPES).optional().transform((t) => t ?? 'global'),
  page: z.coerce.number().int().min(0).max(1_000_000).optional().transform((p) => p ?? 0),
  model: id.optional(),
  from: timeBound,
  to: timeBound,
});
export const reviewPage = z.object({
  rows: z.array(reviewDoc),
  /** 'Nb d'avis' */
  total: z.number(),
  /** 'Nb de pages' */
  pages: z.number(),
  page: z.number(),
  per_page: z.number(),
});

/** The selection to extract: the ids ticked, or (ours) every review of the list's filters. */
export const extractBody = z
  .object({
    review_id_list: z.array(z.string().max(64)).max(100_000).optional(),
    all: z.boolean().optional(),
    model: id.optional(),
    from: z.number().int().min(0).max(5_000_000_000).optional(),
    to: z.number().int().min(0).max(5_000_000_000).optional(),
  })
  .refine((b) => b.all || (b.review_id_list?.length ?? 0) > 0, { message: REVIEWS.selectionEmpty, path: ['review_id_list'] });

// ---------------------------------------------------------------- statistics (ours)

export const reviewStatsQuery = z
  .object({ model: id, from: z.coerce.number().int().min(0).max(5_000_000_000), to: z.coerce.number().int().min(0).max(5_000_000_000) })
  .refine((q) => q.to > q.from, { message: REVIEWS.periodInvalid, path: ['to'] });

const stat = z.object({
  _id: z.string(),
  type: z.enum(QUESTION_TYPES),
  translations: reviewQuestionDoc.shape.translations,
  /** reviews that answered it, in the period and the one before */
  answered: z.number(),
  previous_answered: z.number(),
  /** notation: the average (null when nobody answered) */
  average: z.number().nullable(),
  previous_average: z.number().nullable(),
  /** select: how many chose each answer (index in select_list); notation: how many gave 1…5 */
  counts: z.array(z.number()),
  previous_counts: z.array(z.number()),
});
export const reviewStats = z.object({
  model: z.string(),
  from: z.number(),
  to: z.number(),
  /** the period of the same length just before */
  previous_from: z.number(),
  previous_to: z.number(),
  count: z.number(),
  previous_count: z.number(),
  /** the average of every notation answer */
  score: z.number().nullable(),
  previous_score: z.number().nullable(),
  questions: z.array(stat),
});
export type ReviewStats = z.infer<typeof reviewStats>;

// ---------------------------------------------------------------- settings (ours)

export const reviewSettingsDoc = z.object({
  /** the establishment's public review page (Google, TripAdvisor), offered to every respondent; '' none */
  public_link: z.string(),
  /** its name as shown to guests ('Google'); '' says the link's host */
  public_link_label: z.string(),
  /** an average score at or below it e-mails the staff at once; 0: never */
  alert_threshold: z.number(),
  /** who receives that alert; empty: every staff account holding the reviews flag */
  alert_emails: z.array(z.string()),
});
export type ReviewSettings = z.infer<typeof reviewSettingsDoc>;

export const reviewSettingsUpdate = z.object({
  public_link: z
    .string()
    .trim()
    .max(500, REVIEWS.publicLinkInvalid)
    .refine((s) => s === '' || /^https:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/i.test(s), REVIEWS.publicLinkInvalid),
  public_link_label: z.string().trim().max(40),
  alert_threshold: z.number({ error: REVIEWS.thresholdInvalid }).min(0, REVIEWS.thresholdInvalid).max(5, REVIEWS.thresholdInvalid),
  alert_emails: z.array(z.string().trim().toLowerCase().pipe(z.email(REVIEWS.alertEmailInvalid))).max(10),
});

// ---------------------------------------------------------------- the guest app (ours)

/** The link of an invitation: the guest app's reviews screen in the guest's language, with its token. */
export function reviewLink(base: string, language: Lang, token: string): string {
  return `${base.replace(/\/+$/, '')}${segment(language, 'reviews')}?t=${encodeURIComponent(token)}`;
}

/** A questionnaire as a guest answers it: every language, the app picks the guest's. */
export const guestReviewForm = z.object({
  /** the invitation it answers (the signed-in submit names it) */
  invitation: z.string(),
  model: z.string(),
  translations: z.array(reviewModelTranslation.pick({ lang: true, title: true, introduction: true })),
  questions: z.array(reviewQuestionDoc),
  /** the invited guest's first name, for the greeting */
  firstname: z.string(),
  stay_number: z.string(),
  /** epoch seconds: the link's end */
  expires: z.number(),
});
export type GuestReviewForm = z.infer<typeof guestReviewForm>;

/** Why a questionnaire cannot be answered; the guest app words each in the guest's language. */
export const REVIEW_REFUSALS = ['answered', 'expired', 'closed'] as const;
export type ReviewRefusal = (typeof REVIEW_REFUSALS)[number];
const refusal = z.object({ error: z.enum(REVIEW_REFUSALS) });

/** One answer per question, in the questionnaire's order (see reviewAnswer); `lang` (submits): the language the guest read it in. */
const answers = z.array(z.union([z.string().max(2000), z.number(), z.null()])).max(REVIEW_LIMITS.questions);

export const submittedReview = z.object({
  _id: z.string(),
  completed: z.number(),
  score: z.number().nullable(),
  /** offered to every respondent whatever the score (Google forbids gating); the app words it by score */
  public_link: z.object({ url: z.string(), label: z.string() }).nullable(),
});
export type SubmittedReview = z.infer<typeof submittedReview>;
const submitAnswer = z.union([submittedReview, refusal, z.literal(false)]);

// ---------------------------------------------------------------- the calls

const reviewsFlag = staff('reviews');

export const reviews = {
  listModels: call('GET', 'dashboard/review_models/list', { ...reviewsFlag, answer: z.array(reviewModelDoc), summary: 'By name' }),
  insertModel: call('POST', 'dashboard/review_models/insert', {
    ...reviewsFlag,
    body: reviewModelInsert,
    answer: modelAnswer,
    summary: "{err_code: 1, err_message} when the name is taken or another questionnaire is already sent at the end of stays",
  }),
  updateModel: call('POST', 'dashboard/review_models/update', {
    ...reviewsFlag,
    body: reviewModelUpdate,
    answer: modelAnswer,
    summary: 'false for an unknown id; questions keep their _id; a change to type global starts its invitations from now',
  }),
  deleteModel: call('POST', 'dashboard/review_models/delete', {
    ...reviewsFlag,
    body: idBody,
    answer: deleteAnswer,
    summary: 'Its invitations not sent are dropped; its collected reviews are kept',
  }),
  findByType: call('GET', 'webapp/reviews/find-by-type', {
    ...reviewsFlag,
    query: reviewListQuery,
    answer: reviewPage,
    summary: 'Newest first, 100 per page, the first page is 0 (001 §9); model, from and to are ours',
  }),
  extract: call('POST', 'webapp/reviews/extract_reviews.csv', {
    ...reviewsFlag,
    body: extractBody,
    answer: z.object({ id: z.string(), url: z.string() }),
    summary: "Keeps the selection for 10 minutes; url (the GET below with ?id) downloads it, for the same staff member",
  }),
  extractCsv: call('GET', 'webapp/reviews/extract_reviews.csv', {
    ...reviewsFlag,
    query: z.object({ id }),
    raw: true,
    answer: z.string(),
    summary: "CSV (UTF-8 BOM, ';', fixed header: 10 question and answer pairs) of the selection; 400 when it is gone",
  }),
  stats: call('GET', 'dashboard/reviews/stats', {
    ...reviewsFlag,
    query: reviewStatsQuery,
    answer: orFalse(reviewStats),
    summary: 'Ours: averages and answer counts of a questionnaire over [from, to) and the period of the same length before; false for an unknown questionnaire',
  }),
  settings: call('GET', 'dashboard/reviews/settings', { ...reviewsFlag, answer: reviewSettingsDoc }),
  updateSettings: call('POST', 'dashboard/reviews/settings/update', { ...reviewsFlag, body: reviewSettingsUpdate, answer: reviewSettingsDoc }),
  // the guest app
  form: call('GET', 'webapp/reviews/form', {
    access: 'public',
    query: z.object({ token: z.string().min(1).max(200) }),
    answer: z.union([guestReviewForm, refusal, z.literal(false)]),
    summary: "The questionnaire of an invitation link's token (30 days); false for a token that is not ours",
  }),
  pending: call('GET', 'webapp/reviews/pending', {
    access: 'guest',
    answer: z.array(guestReviewForm),
    summary: "The signed-in guest's invitations not yet answered nor expired, newest first",
  }),
  submit: call('POST', 'webapp/reviews/submit', {
    access: 'guest',
    body: z.object({ invitation: id, answers, lang: lang.optional() }),
    answer: submitAnswer,
    summary: "A signed-in guest answers one of their invitations; false when it is not theirs",
  }),
  submitByToken: call('POST', 'webapp/reviews/submit-by-token', {
    access: 'public',
    body: z.object({ token: z.string().min(1).max(200), answers, lang: lang.optional() }),
    answer: submitAnswer,
    summary: "Answers through the invitation link's token; one review per guest, stay and questionnaire",
  }),
};
