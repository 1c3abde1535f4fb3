import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Review, ReviewAnswer, ReviewModel, ReviewQuestion, ReviewRow as PageRow, ReviewSettings } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { readRows } from '../../db/rows';
import { dashboardUsers, reviewDays, reviewExtracts, reviewForms, reviewInvitations, reviewModels, reviews, reviewSettings, services } from '../../db/schema';

// Drizzle only: the rows of the reviews area and their wire shapes.

export type ModelRow = typeof reviewModels.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;

export const toModel = (r: ModelRow): ReviewModel => ({
  _id: r.id,
  name: r.name,
  type: r.type,
  notification_time: r.notificationTime,
  questions: r.questions,
  nb_questions: r.questions.length,
  translations: r.translations,
  user: r.userId,
  created_time: r.createdTime,
  edited_time: r.editedTime,
  enabled_time: r.enabledTime,
  revision: r.revision,
  // only a questionnaire sent after a service says which (the others answer as before)
  ...(r.type === 'service' ? { service: r.serviceId } : {}),
});

// ---------------------------------------------------------------- questionnaires

export const listModels = (db: Tx) => db.select().from(reviewModels).orderBy(asc(sql`lower(${reviewModels.name})`));
export const findModel = async (db: Tx, id: string) => (await db.select().from(reviewModels).where(eq(reviewModels.id, id)).limit(1))[0];
/** The row, locked until the end of the transaction (two updates of one questionnaire apply one after the other). */
export const lockModel = async (tx: Tx, id: string) => (await tx.select().from(reviewModels).where(eq(reviewModels.id, id)).for('update').limit(1))[0];
export const insertModel = async (tx: Tx, row: typeof reviewModels.$inferInsert) => (await tx.insert(reviewModels).values(row).returning())[0];
export const updateModel = async (tx: Tx, id: string, set: Partial<typeof reviewModels.$inferInsert>) =>
  (await tx.update(reviewModels).set(set).where(eq(reviewModels.id, id)).returning())[0];
export const deleteModel = async (tx: Tx, id: string) => (await tx.delete(reviewModels).where(eq(reviewModels.id, id)).returning({ id: reviewModels.id })).length > 0;
/** Another questionnaire of that name (case aside), or the one sent at the end of stays. */
export const modelNamed = async (db: Tx, name: string, except: string | null) =>
  (await db.select({ id: reviewModels.id }).from(reviewModels).where(sql`lower(${reviewModels.name}) = lower(${name}) AND ${reviewModels.id} IS DISTINCT FROM ${except}`).limit(1))[0];
/** The services a questionnaire may follow (those booked by slots), by name (issue 32). */
export const bookableServices = (db: Tx) =>
  db.select({ _id: services.id, name: services.name }).from(services).where(eq(services.type, 'prestation')).orderBy(asc(sql`lower(${services.name})`));
export const serviceExists = async (db: Tx, id: string) => (await db.select({ id: services.id }).from(services).where(and(eq(services.id, id), eq(services.type, 'prestation'))).limit(1)).length > 0;
/** The questionnaires sent after a service's slots, switched on (issue 32). */
export const serviceModels = (db: Tx) => db.select().from(reviewModels).where(eq(reviewModels.type, 'service'));
/** The questionnaire sent after this service's slots, if any. */
export const modelOfService = async (db: Tx, serviceId: string) =>
  (await db.select().from(reviewModels).where(and(eq(reviewModels.type, 'service'), eq(reviewModels.serviceId, serviceId))).limit(1))[0];
export const globalModel = async (db: Tx) => (await db.select().from(reviewModels).where(eq(reviewModels.type, 'global')).limit(1))[0];

// ---------------------------------------------------------------- reviews

/**
 * Writes the review, its form (the questions as asked, shared by the reviews of one version), and adds it to
 * its day's figures (atomic increments: parallel submits all count); false when this invitation was answered already.
 */
export async function insertReview(
  tx: Tx,
  row: Omit<typeof reviews.$inferInsert, 'formId'>,
  questions: ReviewQuestion[],
  answers: ReviewAnswer[],
  day: number,
): Promise<boolean> {
  const formId = createHash('sha1').update(JSON.stringify(questions)).digest('hex').slice(0, 24);
  await tx.insert(reviewForms).values({ id: formId, questions }).onConflictDoNothing();
  const written = await tx.insert(reviews).values({ ...row, formId }).onConflictDoNothing({ target: reviews.invitationId }).returning({ id: reviews.id });
  if (written.length === 0) return false;
  if (!row.modelId) return true;
  const cells = [
    { questionId: '', value: -1, scoreSum: 0 },
    ...(row.score === null || row.score === undefined ? [] : [{ questionId: '#score', value: -1, scoreSum: row.score }]),
    ...questions.flatMap((q, i) => {
      const a = answers[i];
      return a === null || a === undefined ? [] : [{ questionId: q._id, value: typeof a === 'number' ? a : -1, scoreSum: 0 }];
    }),
  ];
  await tx
    .insert(reviewDays)
    .values(cells.map((c) => ({ ...c, modelId: row.modelId!, day, count: 1 })))
    .onConflictDoUpdate({
      target: [reviewDays.modelId, reviewDays.day, reviewDays.questionId, reviewDays.value],
      set: { count: sql`${reviewDays.count} + 1`, scoreSum: sql`${reviewDays.scoreSum} + excluded.score_sum` },
    });
  return true;
}

export interface ReviewFilter {
  type?: string;
  model?: string;
  from?: number;
  to?: number;
  ids?: string[];
  /** the average rounded to a whole star, 1 to 5 (issue 32) */
  score?: number;
  /** only the reviews with a text answer (issue 32) */
  comment?: boolean;
}

function whereOf(f: ReviewFilter): SQL | undefined {
  return and(
    f.type !== undefined ? eq(reviews.type, f.type as ReviewRow['type']) : undefined,
    f.model ? eq(reviews.modelId, f.model) : undefined,
    f.from !== undefined ? gte(reviews.completed, f.from) : undefined,
    f.to !== undefined ? lt(reviews.completed, f.to) : undefined,
    f.ids ? sql`${reviews.id} = ANY(${sql.param(f.ids)}::text[])` : undefined,
    f.score !== undefined ? eq(reviews.stars, f.score) : undefined,
    // as the partial index says it (0033r), so that the planner walks it
    f.comment ? sql`has_comment` : undefined,
  );
}

interface FlatReview {
  _id: string;
  model: string | null;
  model_name: string;
  type: Review['type'];
  completed: number;
  lang: string;
  stay_number: string | null;
  score: number | null;
  form_id: string;
  answers: ReviewAnswer[];
  u_id: string | null;
  u_email: string;
  u_firstname: string;
  u_lastname: string;
  c_number: string | null;
  c_email1: string | null;
  c_email2: string | null;
  c_firstname: string;
  c_lastname: string;
  r_client: string | null;
  p_email: string | null;
  p_firstname: string | null;
  p_lastname: string | null;
}

/** Plain columns (PGlite parses a JSON value per row: the page's forms are read once, below), the account and the client file joined. */
const reviewColumns = sql`
  r.id AS "_id", r.model_id AS "model", r.model_name, r.type, r.completed::float8 AS completed, r.lang, r.stay_number,
  r.score::float8 AS score, r.form_id, r.answers,
  u.id AS u_id, u.email AS u_email, u.firstname AS u_firstname, u.lastname AS u_lastname,
  c.client_number AS c_number, c.email1 AS c_email1, c.email2 AS c_email2, c.firstname AS c_firstname, c.lastname AS c_lastname,
  r.client_number AS r_client, r.participant_email AS p_email, r.participant_firstname AS p_firstname, r.participant_lastname AS p_lastname`;
const joins = sql`LEFT JOIN webapp_users u ON u.id = r.user_id LEFT JOIN clients c ON c.client_number = r.client_number`;

/** The questions of each form (one read for a page's few forms); a form not found has none. */
async function formsOf(db: Tx, rows: FlatReview[]): Promise<Record<string, ReviewQuestion[]>> {
  const ids = [...new Set(rows.map((r) => r.form_id))];
  // a lookup by key (rows.ts): prepared once per connection, only the two columns used, no row mapping
  const found = ids.length
    ? await readRows<{ id: string; questions: ReviewQuestion[] }>(db, sql`SELECT id, questions FROM ${reviewForms} WHERE id = ANY(${sql.param(ids)}::text[])`, true)
    : [];
  const forms: Record<string, ReviewQuestion[]> = Object.fromEntries(ids.map((id) => [id, []]));
  for (const f of found) forms[f.id] = f.questions;
  return forms;
}

/**
 * The wire shape of a row, its questions named by its form. A participant's review names the participant in
 * `client` (their names and address as email1, the client's number kept): the screens and the CSV show the
 * account, else the client, and must show the participant who answered.
 */
const toRow = (r: FlatReview): PageRow => ({
  _id: r._id,
  model: r.model,
  model_name: r.model_name,
  type: r.type,
  completed: r.completed,
  lang: r.lang,
  stay_number: r.stay_number,
  score: r.score,
  form: r.form_id,
  answers: r.answers,
  user: r.u_id ? { _id: r.u_id, email: r.u_email, firstname: r.u_firstname, lastname: r.u_lastname } : null,
  client: r.p_email
    ? { client_number: r.r_client ?? r.c_number ?? '', email1: r.p_email, email2: null, firstname: r.p_firstname ?? '', lastname: r.p_lastname ?? '' }
    : r.c_number
      ? { client_number: r.c_number, email1: r.c_email1, email2: r.c_email2, firstname: r.c_firstname, lastname: r.c_lastname }
      : null,
});

/** A page: its rows and, once each, the forms they name (100 rows of one questionnaire carry its texts once, not 100 times). */
async function withForms(db: Tx, rows: FlatReview[]) {
  return { rows: rows.map(toRow), forms: await formsOf(db, rows) };
}

/** How many reviews of a selection of ids match. */
async function countReviews(db: Tx, f: ReviewFilter): Promise<number> {
  const where = whereOf(f);
  const [row] = await readRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM ${reviews} ${where ? sql`WHERE ${where}` : sql``}`);
  return row.total;
}

const DAY = 86400;

/**
 * Where a page starts (issue 31): how many reviews match, and the UTC day the offset falls in with how many
 * newer reviews precede that day, from review_pages (per type, questionnaire and UTC day, kept by a trigger:
 * migration 0028). The days cut by the period's ends are counted exactly (at most two days of the index).
 */
async function pageStart(db: Tx, f: ReviewFilter, offset: number): Promise<{ total: number; day: number | null; newer: number }> {
  const first = f.from !== undefined ? Math.floor(f.from / DAY) : undefined;
  const last = f.to !== undefined ? Math.floor((f.to - 1) / DAY) : undefined;
  const days = await readRows<{ day: number; n: number }>(
    db,
    sql`SELECT day::float8 AS day, sum(count)::int AS n FROM review_pages WHERE true
      ${f.type !== undefined ? sql`AND type = ${f.type}` : sql``} ${f.model ? sql`AND model_id = ${f.model}` : sql``}
      ${first !== undefined ? sql`AND day >= ${first}` : sql``} ${last !== undefined ? sql`AND day <= ${last}` : sql``}
      GROUP BY day HAVING sum(count) > 0 ORDER BY day DESC`,
    // its text depends only on which filters are set (at most 16 statements a connection), never on a typed
    // text: prepared, its plan kept (the few hundred rows of a small table, read by its key's prefix)
    true,
  );
  for (const edge of new Set([first, last])) {
    const at = edge === undefined ? -1 : days.findIndex((d) => d.day === edge);
    if (at < 0) continue;
    const where = and(whereOf(f), gte(reviews.completed, edge! * DAY), lt(reviews.completed, (edge! + 1) * DAY));
    days[at].n = (await readRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${reviews} WHERE ${where}`))[0].n;
  }
  let newer = 0;
  let day: number | null = null;
  for (const d of days) {
    if (day === null && newer + d.n > offset) day = d.day;
    else if (day === null) newer += d.n;
  }
  const total = days.reduce((sum, d) => sum + d.n, 0);
  return { total, day, newer };
}

/**
 * A page of reviews, newest first (ties by id), and how many match. The page number is the contract's
 * (001 §9): the index is walked from the end of the day the page starts in, not from the newest review.
 */
export async function reviewPage(db: Tx, f: ReviewFilter, offset: number, limit: number): Promise<{ rows: PageRow[]; forms: Record<string, ReviewQuestion[]>; total: number }> {
  // the day counts (review_pages) know neither the score nor the comments: a filtered list is counted and
  // walked on its own index (0033r), which holds only the reviews it shows
  if (f.ids || f.score !== undefined || f.comment) {
    const where = whereOf(f);
    const [rows, total] = await Promise.all([
      readRows<FlatReview>(
        db,
        sql`SELECT ${reviewColumns} FROM (SELECT * FROM ${reviews} WHERE ${where} ORDER BY ${reviews.completed} DESC, ${reviews.id} DESC LIMIT ${limit} OFFSET ${offset}) r
          ${joins} ORDER BY r.completed DESC, r.id DESC`,
      ),
      countReviews(db, f),
    ]);
    return { ...(await withForms(db, rows)), total };
  }
  const start = await pageStart(db, f, offset);
  if (start.day === null) return { rows: [], forms: {}, total: start.total };
  const where = and(whereOf(f), lt(reviews.completed, (start.day + 1) * DAY));
  const rows = await readRows<FlatReview>(
    db,
    sql`SELECT ${reviewColumns} FROM (SELECT * FROM ${reviews} WHERE ${where} ORDER BY ${reviews.completed} DESC, ${reviews.id} DESC LIMIT ${limit} OFFSET ${offset - start.newer}) r
      ${joins} ORDER BY r.completed DESC, r.id DESC`,
  );
  return { ...(await withForms(db, rows)), total: start.total };
}

/** Reviews of a selection after `last` (completed, id), oldest first, for the CSV's pages: each page walks the index from the last one's key. */
export async function reviewsAfter(db: Tx, f: ReviewFilter, last: { completed: number; _id: string } | null, size: number): Promise<Review[]> {
  const where = and(whereOf(f), last ? sql`(${reviews.completed}, ${reviews.id}) > (${last.completed}, ${last._id})` : undefined);
  const rows = await readRows<FlatReview>(
    db,
    sql`SELECT ${reviewColumns} FROM (SELECT * FROM ${reviews} ${where ? sql`WHERE ${where}` : sql``} ORDER BY ${reviews.completed}, ${reviews.id} LIMIT ${size}) r
      ${joins} ORDER BY r.completed, r.id`,
  );
  // a CSV line holds its questions' titles: each review with its own
  const forms = await formsOf(db, rows);
  return rows.map((r) => ({ ...toRow(r), questions: forms[r.form_id] }));
}

/** Per question and value, over the days in [from, mid) and in [mid, to): how many, and the sum of the scores ('' the reviews, '#score' those scored). */
export async function dayFigures(db: Tx, modelId: string, from: number, mid: number, to: number) {
  return readRows<{ question: string; value: number; previous: number; current: number; previous_sum: number; current_sum: number }>(
    db,
    sql`SELECT question_id AS question, value,
        coalesce(sum(count) FILTER (WHERE day < ${mid}), 0)::int AS previous, coalesce(sum(count) FILTER (WHERE day >= ${mid}), 0)::int AS current,
        coalesce(sum(score_sum) FILTER (WHERE day < ${mid}), 0)::float8 AS previous_sum, coalesce(sum(score_sum) FILTER (WHERE day >= ${mid}), 0)::float8 AS current_sum
      FROM review_days WHERE model_id = ${modelId} AND day >= ${from} AND day < ${to}
      GROUP BY question_id, value`,
  );
}

/**
 * A client erased (GDPR, clients/erase.service.ts): their invitations go (they hold the address; those of the stays'
 * participants too, under the client's number), their reviews stay for the statistics but name nobody: no
 * account, client, stay, invitation nor participant, and their text answers blanked.
 */
export async function forgetReviewsOf(tx: Tx, accounts: string[], clientNumber: string) {
  await tx.delete(reviewInvitations).where(or(eq(reviewInvitations.clientNumber, clientNumber), accounts.length ? inArray(reviewInvitations.userId, accounts) : undefined));
  await tx
    .update(reviews)
    .set({
      userId: null,
      clientNumber: null,
      stayNumber: null,
      invitationId: null,
      participantEmail: null,
      participantFirstname: null,
      participantLastname: null,
      answers: sql`(SELECT coalesce(jsonb_agg(CASE WHEN jsonb_typeof(a) = 'string' THEN 'null'::jsonb ELSE a END ORDER BY n), '[]'::jsonb) FROM jsonb_array_elements(${reviews.answers}) WITH ORDINALITY AS x(a, n))`,
    })
    .where(or(eq(reviews.clientNumber, clientNumber), accounts.length ? inArray(reviews.userId, accounts) : undefined));
}

// ---------------------------------------------------------------- extracts

export async function insertExtract(tx: Tx, row: typeof reviewExtracts.$inferInsert, olderThan: number) {
  await tx.delete(reviewExtracts).where(lt(reviewExtracts.createdTime, olderThan));
  await tx.insert(reviewExtracts).values(row);
}
export const findExtract = async (db: Tx, id: string, userId: string, since: number) =>
  (await db.select().from(reviewExtracts).where(and(eq(reviewExtracts.id, id), eq(reviewExtracts.userId, userId), gte(reviewExtracts.createdTime, since))).limit(1))[0];

// ---------------------------------------------------------------- settings

/** The settings row, made with a new secret by the first instance that needs it (the first insert wins). */
export async function readSettings(db: Tx) {
  const [row] = await db.select().from(reviewSettings).where(eq(reviewSettings.id, 1)).limit(1);
  if (row) return row;
  await db.insert(reviewSettings).values({ id: 1, secret: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  return (await db.select().from(reviewSettings).where(eq(reviewSettings.id, 1)).limit(1))[0];
}
export const toSettings = (r: typeof reviewSettings.$inferSelect): ReviewSettings => ({
  public_link: r.publicLink,
  public_link_label: r.publicLinkLabel,
  alert_threshold: r.alertThreshold,
  alert_emails: r.alertEmails,
});
export async function writeSettings(tx: Tx, s: ReviewSettings) {
  await readSettings(tx);
  const [row] = await tx
    .update(reviewSettings)
    .set({ publicLink: s.public_link, publicLinkLabel: s.public_link_label, alertThreshold: s.alert_threshold, alertEmails: s.alert_emails })
    .where(eq(reviewSettings.id, 1))
    .returning();
  return row;
}

/** Staff accounts holding the reviews flag, with an address (the low-score alert's default recipients). */
export const reviewsStaff = (db: Tx) =>
  db
    .select({ email: dashboardUsers.email, firstname: dashboardUsers.firstname, lastname: dashboardUsers.lastname })
    .from(dashboardUsers)
    .where(sql`coalesce((${dashboardUsers.permissions}->>'reviews')::int, 0) <> 0 AND coalesce(${dashboardUsers.email}, '') <> ''`);

export const reviewById = async (db: Tx, id: string) => (await db.select().from(reviews).where(eq(reviews.id, id)).limit(1))[0];
