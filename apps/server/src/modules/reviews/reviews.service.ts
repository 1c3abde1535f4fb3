import { CORE, REVIEW_LIMITS, REVIEWS, reviewModelLanguageIssues, selectAnswers } from '@campsite/shared';
import type { DashboardUser, ParsedBody, ParsedQuery, ReviewModel, ReviewQuestion, ReviewStats, reviews as calls } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { checkRevision } from '../../http/revision';
import { badRequest, isUniqueViolation } from '../../http/errors';
import { newId } from '../../lib/ids';
import { getGlobalSettings } from '../../platform/settings/settings.repository';
import * as repo from './reviews.repository';


type ModelBody = ParsedBody<typeof calls.insertModel>;
type ErrCode = { err_code: 1; err_message: string };

/**
 * The texts as stored: trimmed, a select question's answers without the empty entries (001 §5). A question
 * keeps its id (and its statistics) while its type stays; another type is a new question (a note and a
 * select index must not be counted together).
 */
function cleanQuestions(questions: ModelBody['questions'], known: ReadonlyMap<string, string>): ReviewQuestion[] {
  const seen = new Set<string>();
  return questions.map((q) => ({
    _id: q._id && known.get(q._id) === q.type && !seen.has(q._id) && seen.add(q._id) ? q._id : newId(),
    type: q.type,
    mandatory: q.mandatory,
    translations: q.translations.map((t) => ({
      lang: t.lang,
      title: t.title.trim(),
      select_list: q.type === 'select' ? selectAnswers(t.select_list).join(',') : '',
    })),
  }));
}
const cleanTexts = (translations: ModelBody['translations']) =>
  translations.map((t) => ({
    lang: t.lang,
    title: t.title.trim(),
    introduction: t.introduction.trim(),
    notification_title: t.notification_title.trim(),
    notification_content: t.notification_content.trim(),
  }));

async function checkLanguages(deps: Deps, body: ModelBody) {
  const { lang_default } = await getGlobalSettings(deps.db);
  const issues = reviewModelLanguageIssues(body, lang_default);
  // a questionnaire sent after a service names one that exists (issue 32)
  if (body.type === 'service' && body.service && !(await repo.serviceExists(deps.db, body.service))) issues.service = REVIEWS.serviceUnknown;
  if (Object.keys(issues).length) throw badRequest(CORE.formError, issues);
}
/** The service a questionnaire follows: type 'service' only. */
const serviceOf = (body: ModelBody) => (body.type === 'service' ? (body.service ?? null) : null);

/** The err_code 1 answers (001 §7): a name taken, or another questionnaire already sent at the end of stays. */
async function conflict(deps: Deps, body: ModelBody, except: string | null): Promise<ErrCode | null> {
  if (await repo.modelNamed(deps.db, body.name, except)) return { err_code: 1, err_message: REVIEWS.nameTaken };
  if (body.type === 'global') {
    const other = await repo.globalModel(deps.db);
    if (other && other.id !== except) return { err_code: 1, err_message: REVIEWS.globalTaken(other.name) };
  }
  if (body.type === 'service' && body.service) {
    const other = await repo.modelOfService(deps.db, body.service);
    if (other && other.id !== except) return { err_code: 1, err_message: REVIEWS.serviceTaken(other.name) };
  }
  return null;
}

/** Two staff saving at once: the unique indexes refuse the second; it gets the same err_code answer. */
async function orConflict<T>(deps: Deps, body: ModelBody, except: string | null, write: () => Promise<T>): Promise<T | ErrCode> {
  try {
    return await write();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return (await conflict(deps, body, except)) ?? { err_code: 1, err_message: REVIEWS.nameTaken };
  }
}

export async function insertModel(deps: Deps, user: DashboardUser, body: ModelBody): Promise<ReviewModel | ErrCode> {
  await checkLanguages(deps, body);
  const refused = await conflict(deps, body, null);
  if (refused) return refused;
  return orConflict(deps, body, null, async () => {
    const now = deps.now();
    const row = await repo.insertModel(deps.db, {
      id: newId(),
      name: body.name,
      type: body.type,
      notificationTime: body.notification_time,
      questions: cleanQuestions(body.questions, new Map()),
      translations: cleanTexts(body.translations),
      userId: user._id,
      createdTime: now,
      editedTime: now,
      enabledTime: body.type !== '' ? now : null,
      serviceId: serviceOf(body),
    });
    return repo.toModel(row);
  });
}

export async function updateModel(deps: Deps, user: DashboardUser, body: ParsedBody<typeof calls.updateModel>): Promise<ReviewModel | ErrCode | false> {
  await checkLanguages(deps, body);
  if (!(await repo.findModel(deps.db, body.id))) return false;
  const refused = await conflict(deps, body, body.id);
  if (refused) return refused;
  return orConflict(deps, body, body.id, () =>
    deps.db.transaction(async (tx) => {
      const current = await repo.lockModel(tx, body.id);
      if (!current) return false as const;
      checkRevision(body.revision, current.revision);
      const now = deps.now();
      // switched on now: only the stays whose invitation falls due from now on are invited
      // (a questionnaire sent after a service: from when it follows this service)
      const same = body.type === current.type && serviceOf(body) === (current.type === 'service' ? current.serviceId : null);
      const enabledTime = body.type === '' ? null : same ? current.enabledTime : now;
      const row = await repo.updateModel(tx, body.id, {
        name: body.name,
        type: body.type,
        notificationTime: body.notification_time,
        questions: cleanQuestions(body.questions, new Map(current.questions.map((q) => [q._id, q.type]))),
        translations: cleanTexts(body.translations),
        userId: user._id,
        editedTime: now,
        enabledTime,
        serviceId: serviceOf(body),
        revision: current.revision + 1,
      });
      return repo.toModel(row);
    }),
  );
}

/** The services a questionnaire may follow (issue 32). */
export const bookableServices = (deps: Deps) => repo.bookableServices(deps.db);
export const listModels = async (deps: Deps) => (await repo.listModels(deps.db)).map(repo.toModel);
export const deleteModel = async (deps: Deps, id: string) => ((await repo.deleteModel(deps.db, id)) ? (true as const) : (false as const));

// ---------------------------------------------------------------- reading and extracting

export async function findByType(deps: Deps, q: ParsedQuery<typeof calls.findByType>) {
  const perPage = REVIEW_LIMITS.perPage;
  const { rows, forms, total } = await repo.reviewPage(deps.db, { type: q.type, model: q.model, from: q.from, to: q.to, score: q.score, comment: q.comment === '1' }, q.page * perPage, perPage);
  return { rows, forms, total, pages: Math.ceil(total / perPage), page: q.page, per_page: perPage };
}

/** An extract's selection lives this long: the dashboard opens its GET right after the POST. */
export const EXTRACT_TTL = 600;

export async function prepareExtract(deps: Deps, user: DashboardUser, body: ParsedBody<typeof calls.extract>) {
  const id = newId();
  const now = deps.now();
  const ids = body.all ? null : [...new Set(body.review_id_list ?? [])];
  const filter = body.all ? { model: body.model, from: body.from, to: body.to, score: body.score, comment: body.comment === '1' || undefined } : null;
  await deps.db.transaction((tx) => repo.insertExtract(tx, { id, userId: user._id, ids, filter, createdTime: now }, now - EXTRACT_TTL));
  return { id, url: `/api/webapp/reviews/extract_reviews.csv?id=${id}` };
}

// ---------------------------------------------------------------- statistics

/**
 * A questionnaire's figures over the days in [from, to) and the period of the same length just before, from
 * the daily figures each submit keeps (review_days): a few hundred rows whatever the number of reviews. A
 * review counts in the day (establishment's zone) it was completed: the dashboard sends midnights.
 */
export async function stats(deps: Deps, q: ParsedQuery<typeof calls.stats>): Promise<ReviewStats | false> {
  const model = await repo.findModel(deps.db, q.model);
  if (!model) return false;
  const prevFrom = q.from - (q.to - q.from);
  const figures = await repo.dayFigures(deps.db, model.id, prevFrom, q.from, q.to);
  const round = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);
  const cell = (question: string) => figures.find((f) => f.question === question);
  const questions = model.questions.map((question) => {
    const mine = figures.filter((c) => c.question === question._id);
    const size = question.type === 'notation' ? 5 : question.type === 'select' ? Math.max(0, ...question.translations.map((t) => selectAnswers(t.select_list).length)) : 0;
    const bucket = (key: 'current' | 'previous') => {
      const list = Array.from({ length: size }, () => 0);
      for (const c of mine) {
        const i = question.type === 'notation' ? c.value - 1 : c.value;
        if (i >= 0 && i < size) list[i] += c[key];
      }
      return list;
    };
    const average = (list: number[]) => {
      const n = list.reduce((s, c) => s + c, 0);
      return n === 0 ? null : round(list.reduce((s, c, i) => s + c * (i + 1), 0) / n);
    };
    const current = bucket('current');
    const previous = bucket('previous');
    return {
      _id: question._id,
      type: question.type,
      translations: question.translations,
      answered: mine.reduce((s, c) => s + c.current, 0),
      previous_answered: mine.reduce((s, c) => s + c.previous, 0),
      average: question.type === 'notation' ? average(current) : null,
      previous_average: question.type === 'notation' ? average(previous) : null,
      counts: current,
      previous_counts: previous,
    };
  });
  const scored = cell('#score');
  return {
    model: model.id,
    from: q.from,
    to: q.to,
    previous_from: prevFrom,
    previous_to: q.from,
    count: cell('')?.current ?? 0,
    previous_count: cell('')?.previous ?? 0,
    score: scored?.current ? round(scored.current_sum / scored.current) : null,
    previous_score: scored?.previous ? round(scored.previous_sum / scored.previous) : null,
    questions,
  };
}

// ---------------------------------------------------------------- settings

export const readSettings = async (deps: Deps) => repo.toSettings(await repo.readSettings(deps.db));
export async function updateSettings(deps: Deps, body: ParsedBody<typeof calls.updateSettings>) {
  const row = await deps.db.transaction((tx) => repo.writeSettings(tx, { ...body, alert_emails: [...new Set(body.alert_emails)] }));
  return repo.toSettings(row);
}
