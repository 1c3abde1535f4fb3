import { z } from 'zod';
import { segment } from '../i18n/routes';
import type { Lang } from '../i18n/languages';
import { REVIEWS } from '../messages/reviews';
import { call, orFalse, staff } from './call';
import { deleteAnswer, id, idBody, lang, missing } from './common';
import { notificationGuestDoc } from './notifications';
import {
  QUESTION_TYPES,
  REVIEW_LIMITS,
  REVIEW_MODEL_TYPES,
  errCodeAnswer,
  reviewModelDoc,
  reviewModelInsert,
  reviewModelTranslation,
  reviewModelUpdate,
  reviewQuestionDoc,
  selectAnswers,
  type ReviewQuestion,
} from './review-models';

export * from './review-models';

// Review questionnaires and collected reviews (001 §2-§9, calls.md 'Reviews'), then ours: the guest app's
// read and submit, the statistics, the settings (docs/reviews.md). The questionnaires' schemas and rules
// are in review-models.ts.

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

/**
 * The list's filters beyond the spec (issue 32): `score`, the average score rounded half up to a whole star
 * (1 to 5: '4' is 3,5 to 4,4), and `comment=1`, the reviews with a text answer.
 */
const reviewFilters = {
  score: z.coerce.number({ message: REVIEWS.scoreFilterInvalid }).int(REVIEWS.scoreFilterInvalid).min(1, REVIEWS.scoreFilterInvalid).max(5, REVIEWS.scoreFilterInvalid).optional(),
  comment: z.enum(['1'], { message: REVIEWS.commentFilterInvalid }).optional(),
};

/** 001 §9: 100 per page, the first page is 0. from/to (ours): completed in [from, to). */
export const reviewListQuery = z.object({
  type: z.enum(REVIEW_MODEL_TYPES).optional().transform((t) => t ?? 'global'),
  page: z.coerce.number().int().min(0).max(1_000_000).optional().transform((p) => p ?? 0),
  model: id.optional(),
  from: timeBound,
  to: timeBound,
  ...reviewFilters,
});
/**
 * A review as the page carries it (issue 31): without its questions, which it names by `form`, the id of the
 * questions as they were asked (one per version of a questionnaire, in the page's `forms`).
 */
export const reviewRow = reviewDoc.omit({ questions: true }).extend({ form: z.string() });
export type ReviewRow = z.infer<typeof reviewRow>;
export const reviewPage = z.object({
  rows: z.array(reviewRow),
  /** the questions of each form the rows name, once per page: a row's answers follow its form's order */
  forms: z.record(z.string(), z.array(reviewQuestionDoc)),
  /** 'Nb d'avis' */
  total: z.number(),
  /** 'Nb de pages' */
  pages: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type ReviewPage = z.infer<typeof reviewPage>;

/** The selection to extract: the ids ticked, or (ours) every review of the list's filters. */
export const extractBody = z
  .object({
    review_id_list: z.array(z.string().max(64)).max(100_000).optional(),
    all: z.boolean().optional(),
    model: id.optional(),
    from: z.number().int().min(0).max(5_000_000_000).optional(),
    to: z.number().int().min(0).max(5_000_000_000).optional(),
    ...reviewFilters,
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
  /** a staff member's test link (issue 32): the answers are checked, nothing is recorded */
  test: z.boolean().optional(),
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
  /** a test link's answers (issue 32): not recorded */
  test: z.boolean().optional(),
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
  services: call('GET', 'dashboard/review_models/services', {
    ...reviewsFlag,
    answer: z.array(z.object({ _id: z.string(), name: z.string() })),
    summary: "Issue 32: the services booked by slots (type prestation), by name, that a questionnaire of type 'service' may follow",
  }),
  // issue 32: try a questionnaire as a guest, or send it to one guest now
  guests: call('GET', 'dashboard/review_models/guests', {
    ...reviewsFlag,
    query: z.object({ q: z.string().trim().min(1).max(80) }),
    answer: z.array(notificationGuestDoc),
    summary: "'Envoyer à un client': guest accounts found by the start of a name or e-mail, or a client number (the notification composer's search)",
  }),
  sendModel: call('POST', 'dashboard/review_models/send', {
    ...reviewsFlag,
    body: z.object({ id, guest: z.string(missing(REVIEWS.guestRequired)).min(1, REVIEWS.guestRequired).max(64, REVIEWS.guestRequired) }),
    answer: orFalse(z.object({ invitation: z.string(), email: z.string() })),
    summary:
      'Invites one guest account now (the invitation job: a push when they have a device, else the e-mail), whatever the questionnaire\'s Envoi; 5 mails an hour per address and 60 per staff member (429); false for an unknown questionnaire',
  }),
  testLink: call('POST', 'dashboard/review_models/test-link', {
    ...reviewsFlag,
    body: z.object({ id, lang }),
    answer: orFalse(z.object({ url: z.string(), expires: z.number() })),
    summary: "A link to the guest app's questionnaire in that language, valid a day, whose answers are checked and never recorded; false for an unknown questionnaire",
  }),
  findByType: call('GET', 'webapp/reviews/find-by-type', {
    ...reviewsFlag,
    query: reviewListQuery,
    answer: reviewPage,
    summary:
      "Newest first, 100 per page, the first page is 0 (001 §9); model, from and to are ours; a row's questions (as asked) are in forms under its form, once per page",
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
  settings: call('GET', 'dashboard/reviews/settings', { ...reviewsFlag, answer: reviewSettingsDoc, summary: 'Reads the review request settings' }),
  updateSettings: call('POST', 'dashboard/reviews/settings/update', { ...reviewsFlag, body: reviewSettingsUpdate, answer: reviewSettingsDoc, summary: 'Saves the review request settings' }),
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
