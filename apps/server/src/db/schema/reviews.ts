import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, real, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Lang, QuestionType, ReviewAnswer, ReviewModelType } from '@campsite/shared';
import { epoch } from './types';

/** Review questionnaires and collected reviews (001 §3, issue 24); checks and indexes in drizzle/0017_reviews.sql (0017b, 0017c). */

export type ReviewModelTextRow = { lang: Lang; title: string; introduction: string; notification_title: string; notification_content: string };
export type ReviewQuestionRow = {
  _id: string;
  type: QuestionType;
  mandatory: boolean;
  translations: { lang: Lang; title: string; select_list: string }[];
};

export const reviewModels = pgTable('review_models', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').$type<ReviewModelType>().notNull(),
  /** seconds after departure */
  notificationTime: integer('notification_time').notNull(),
  questions: jsonb('questions').$type<ReviewQuestionRow[]>().notNull(),
  translations: jsonb('translations').$type<ReviewModelTextRow[]>().notNull(),
  userId: text('user_id'),
  createdTime: epoch('created_time').notNull(),
  editedTime: epoch('edited_time').notNull(),
  /** raised by each save of its forms; a save from another one is a 409 (drizzle/0023b, http/revision.ts) */
  revision: integer('revision').notNull().default(1),
  /** when it was last switched to 'global': stays whose invitation fell due before are never invited */
  enabledTime: epoch('enabled_time'),
  /** type 'service' (issue 32, 0100): the service whose booked slots it follows */
  serviceId: text('service_id'),
});

/**
 * One row per guest, stay and questionnaire, written before anything is sent (the unique key makes a
 * second scan, or a second instance, write nothing). `guest` is the guest account's id, 'client:<number>'
 * for a client file without an account, or 'participant:<lowercased e-mail>' for a participant of the stay
 * (stays.participants) whose address no account nor the client file has (0017c: their names kept here).
 */
export const reviewInvitations = pgTable(
  'review_invitations',
  {
    id: text('id').primaryKey(),
    modelId: text('model_id')
      .notNull()
      .references(() => reviewModels.id, { onDelete: 'cascade' }),
    stayNumber: text('stay_number').notNull(),
    guest: text('guest').notNull(),
    userId: text('user_id'),
    clientNumber: text('client_number').notNull(),
    email: text('email'),
    lang: text('lang'),
    /** a participant's names (null for an account or the client file: read from them) */
    firstname: text('firstname'),
    lastname: text('lastname'),
    dueTime: epoch('due_time').notNull(),
    /** the link's end (due + 30 days) */
    expiresAt: epoch('expires_at').notNull(),
    createdTime: epoch('created_time').notNull(),
    sentTime: epoch('sent_time'),
    channel: text('channel').$type<'push' | 'email' | 'none'>(),
    answeredTime: epoch('answered_time'),
  },
  (t) => [
    uniqueIndex('review_invitations_once').on(t.modelId, t.stayNumber, t.guest),
    index('review_invitations_user_idx').on(t.userId),
  ],
);

/** The questions of a questionnaire as they were asked, one row per version (id: a hash of them), shared by its reviews. */
export const reviewForms = pgTable('review_forms', {
  id: text('id').primaryKey(),
  questions: jsonb('questions').$type<ReviewQuestionRow[]>().notNull(),
});

/** A collected review: the form it answered, and the answers in the order of its questions. */
export const reviews = pgTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    invitationId: text('invitation_id').unique(),
    /** no reference: a review outlives its questionnaire */
    modelId: text('model_id'),
    modelName: text('model_name').notNull(),
    type: text('type').$type<ReviewModelType>().notNull(),
    stayNumber: text('stay_number'),
    userId: text('user_id'),
    clientNumber: text('client_number'),
    lang: text('lang').notNull(),
    completed: epoch('completed').notNull(),
    score: real('score'),
    formId: text('form_id')
      .notNull()
      .references(() => reviewForms.id),
    answers: jsonb('answers').$type<ReviewAnswer[]>().notNull(),
    /** who answered when a participant of the stay did (0017c; null for an account or the client file) */
    participantEmail: text('participant_email'),
    participantFirstname: text('participant_firstname'),
    participantLastname: text('participant_lastname'),
    /** computed by the database (0033r): the average rounded half up to a whole star, and a text answer not empty (the list's filters) */
    stars: smallint('stars').generatedAlwaysAs(sql`floor(score + 0.5)::smallint`),
    hasComment: boolean('has_comment').generatedAlwaysAs(sql`jsonb_path_exists(answers, '$[*] ? (@.type() == "string" && @ != "")')`),
  },
  (t) => [
    index('reviews_type_completed_idx').on(t.type, t.completed, t.id),
    index('reviews_model_completed_idx').on(t.modelId, t.completed, t.id),
    index('reviews_stars_completed_idx').on(t.stars, t.completed, t.id),
    index('reviews_comment_completed_idx').on(t.completed, t.id).where(sql`has_comment`),
  ],
);

/**
 * The statistics' daily figures (0017b), kept by each submit in its transaction: per questionnaire, day
 * (local midnight), question ('' the reviews, '#score' those with a score) and value (note, select index;
 * -1 a text answered or a review), how many, and the sum of their scores.
 */
export const reviewDays = pgTable(
  'review_days',
  {
    modelId: text('model_id').notNull(),
    questionId: text('question_id').notNull(),
    day: epoch('day').notNull(),
    value: smallint('value').notNull(),
    count: integer('count').notNull(),
    scoreSum: doublePrecision('score_sum').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.modelId, t.day, t.questionId, t.value] })],
);

/** A selection to extract (POST then GET of extract_reviews.csv), kept 10 minutes for the staff member who made it. */
export const reviewExtracts = pgTable('review_extracts', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  ids: jsonb('ids').$type<string[] | null>(),
  filter: jsonb('filter').$type<{ model?: string; from?: number; to?: number; score?: number; comment?: boolean } | null>(),
  createdTime: epoch('created_time').notNull(),
});

/** The area's settings, one row (id 1); `secret` signs the invitation links, made by the first instance that needs it. */
export const reviewSettings = pgTable('review_settings', {
  id: integer('id').primaryKey(),
  secret: text('secret').notNull(),
  publicLink: text('public_link').notNull().default(''),
  publicLinkLabel: text('public_link_label').notNull().default(''),
  alertThreshold: real('alert_threshold').notNull().default(0),
  alertEmails: jsonb('alert_emails').$type<string[]>().notNull().default([]),
});
