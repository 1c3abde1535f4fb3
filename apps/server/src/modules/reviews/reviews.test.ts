import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORE, REVIEWS, reviews as calls, questionTitleRequired, reviewNotifTitleMax, reviewTitleRequired, selectAnswerMax, type ReviewModel } from '@campsite/shared';
import { reviewModels } from '../../db/schema';
import { expect400 } from '../../testing/expect400';
import { modelBody } from '../../testing/fixtures/reviews';
import { testApp, type TestApp } from '../../testing/harness';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await testApp();
  staff = (await t.signIn({ reviews: 1 })).cookie;
}, 60_000);
afterAll(async () => t?.close());

const models = async () => t.deps.db.select().from(reviewModels);
const insert = (body: object) => t.post('dashboard/review_models/insert', body, staff);

describe('reviews: permissions', () => {
  it('401 without a session and 403 without the reviews flag on every staff call; 401 for staff on the guest calls; false for a token not ours', async () => {
    const other = await t.signIn({ users: 1, services: 1, stats: 1 });
    const gets = ['dashboard/review_models/list', 'webapp/reviews/find-by-type', 'webapp/reviews/extract_reviews.csv?id=x', 'dashboard/reviews/stats?model=x&from=0&to=1', 'dashboard/reviews/settings'];
    const posts = ['dashboard/review_models/insert', 'dashboard/review_models/update', 'dashboard/review_models/delete', 'webapp/reviews/extract_reviews.csv', 'dashboard/reviews/settings/update'];
    for (const [method, path] of [...gets.map((g) => ['GET', g]), ...posts.map((p) => ['POST', p])]) {
      const send = (c?: string) => (method === 'GET' ? t.get(path, c) : t.post(path, {}, c));
      expect((await send()).statusCode, path).toBe(401);
      expect((await send(other.cookie)).statusCode, path).toBe(403);
    }
    // the reviews flag reaches them (reviews are not a premium area: 001 §6)
    expect((await t.call(calls.listModels, undefined, staff)).answer()).toEqual([]);
    expect((await t.call(calls.settings, undefined, staff)).answer()).toEqual({ public_link: '', public_link_label: '', alert_threshold: 0, alert_emails: [] });
    expect((await t.get('webapp/reviews/pending', staff)).statusCode).toBe(401);
    expect((await t.post('webapp/reviews/submit', { invitation: 'a'.repeat(24), answers: [] }, staff)).statusCode).toBe(401);
    expect((await t.call(calls.form, { token: 'a'.repeat(24) + '.' + 'b'.repeat(32) })).answer()).toBe(false);
    expect((await t.call(calls.submitByToken, { token: 'nimportequoi', answers: [] })).answer()).toBe(false);
  });
});

describe('questionnaires (001 §5, §7)', () => {
  let saved: ReviewModel;
  it('creates one with a question of each type, trimmed, empty select answers left out, and lists it', async () => {
    const body = modelBody({ name: '  Fin de séjour ' });
    body.questions[2].translations[0].select_list = 'Oui, ,Peut-être,, Non ';
    const res = (await t.call(calls.insertModel, body, staff)).answer() as ReviewModel;
    expect(res).toMatchObject({ name: 'Fin de séjour', type: 'global', notification_time: 0, nb_questions: 3 });
    expect(res.questions.map((q) => [q.type, q.mandatory])).toEqual([['notation', true], ['text', false], ['select', true]]);
    expect(res.questions[2].translations[0].select_list).toBe('Oui,Peut-être,Non');
    expect(res.questions.every((q) => /^[0-9a-f]{24}$/.test(q._id))).toBe(true);
    expect(res.enabled_time).not.toBeNull();
    expect((await t.call(calls.listModels, undefined, staff)).answer()).toEqual([res]);
    saved = res;
  });

  it('refuses in French what 001 §5 refuses, and writes nothing', async () => {
    const before = (await models()).length;
    expect400(await insert(modelBody({ name: ' ' })), 'name', REVIEWS.nameRequired);
    expect400(await insert(modelBody({ name: 'x'.repeat(51) })), 'name', REVIEWS.nameMax);
    expect400(await insert(modelBody({ questions: [] })), 'questions', REVIEWS.atLeastOneQuestion);
    const eleven = modelBody().questions[0];
    expect400(await insert(modelBody({ questions: Array.from({ length: 11 }, () => eleven) })), 'questions', REVIEWS.atMostTenQuestions);
    const oneAnswer = modelBody();
    oneAnswer.questions[2].translations[0].select_list = 'Oui,,';
    expect400(await insert({ ...oneAnswer, name: 'Autre' }), 'questions.2.translations.0.select_list', REVIEWS.selectAtLeastTwo);
    const long = modelBody({ name: 'Autre' });
    long.questions[2].translations[1].select_list = 'Yes,' + 'y'.repeat(26) + ',No';
    expect400(await insert(long), 'questions.2.translations.1.select_list', selectAnswerMax('en'));
    const noTitle = modelBody({ name: 'Autre' });
    noTitle.translations[0].title = '';
    noTitle.questions[0].translations[0].title = ' ';
    const res = await insert(noTitle);
    expect400(res, 'translations.0.title', reviewTitleRequired('fr'));
    expect(res.json().message).toBe(CORE.formError);
    expect(res.json().fields['questions.0.translations.0.title']).toBe(questionTitleRequired('fr'));
    expect(reviewTitleRequired('fr')).toBe('Le titre ne doit pas être vide (version FR)');
    const longNotif = modelBody({ name: 'Autre' });
    longNotif.translations[1].notification_title = 'n'.repeat(41);
    expect400(await insert(longNotif), 'translations.1.notification_title', reviewNotifTitleMax('en'));
    expect400(await insert(modelBody({ name: 'Autre', notification_time: 3600 })), 'notification_time', REVIEWS.delayInvalid);
    expect((await insert({ ...modelBody({ name: 'Autre' }), type: 'monthly' })).statusCode).toBe(400);
    expect((await models()).length).toBe(before);
  });

  it('answers err_code 1 with the sentence for a name taken or a second end-of-stay questionnaire', async () => {
    expect((await t.call(calls.insertModel, modelBody({ name: 'FIN DE SÉJOUR', type: '' }), staff)).answer()).toEqual({ err_code: 1, err_message: REVIEWS.nameTaken });
    expect((await t.call(calls.insertModel, modelBody({ name: 'Été' }), staff)).answer()).toEqual({ err_code: 1, err_message: REVIEWS.globalTaken('Fin de séjour') });
    expect((await models()).length).toBe(1);
  });

  it("saves a new questionnaire 'Désactivé' while one is sent at the end of stays; switching it on is refused in French, nothing changed", async () => {
    const off = (await t.call(calls.insertModel, modelBody({ name: 'Printemps', type: '' }), staff)).answer() as ReviewModel;
    expect(off).toMatchObject({ name: 'Printemps', type: '', enabled_time: null });
    const on = { ...modelBody({ name: 'Printemps' }), id: off._id };
    expect((await t.call(calls.updateModel, on, staff)).answer()).toEqual({
      err_code: 1,
      err_message: "Le questionnaire « Fin de séjour » est déjà envoyé en fin de séjour : désactivez-le avant d'en activer un autre",
    });
    expect((await models()).find((m) => m.id === off._id)).toMatchObject({ type: '', enabledTime: null });
    expect((await t.call(calls.deleteModel, { id: off._id }, staff)).answer()).toBe(true);
  });

  it('updates keeping the question ids, starts the invitations afresh when switched on again, false for an unknown id', async () => {
    const body = { ...modelBody({ name: 'Fin de séjour', notification_time: 86400 }), id: saved._id };
    body.questions = saved.questions.map((q) => ({ ...q }));
    body.questions.push({ type: 'text', mandatory: false, translations: [{ lang: 'fr', title: 'Un mot pour l’équipe ?', select_list: '' }] });
    const updated = (await t.call(calls.updateModel, body, staff)).answer() as ReviewModel;
    expect(updated.questions.slice(0, 3).map((q) => q._id)).toEqual(saved.questions.map((q) => q._id));
    expect(updated.nb_questions).toBe(4);
    expect(updated.enabled_time).toBe(saved.enabled_time);
    const off = (await t.call(calls.updateModel, { ...body, type: '' }, staff)).answer() as ReviewModel;
    expect(off.enabled_time).toBeNull();
    // a question whose type changes is a new question (its statistics start afresh); an id given twice is kept once
    const retyped = { ...body, type: '' as const, questions: [{ ...saved.questions[2], type: 'notation' as const }, saved.questions[0], saved.questions[0]] };
    const ids = ((await t.call(calls.updateModel, retyped, staff)).answer() as ReviewModel).questions.map((q) => q._id);
    expect(ids[0]).not.toBe(saved.questions[2]._id);
    expect(ids[1]).toBe(saved.questions[0]._id);
    expect(ids[2]).not.toBe(saved.questions[0]._id);
    expect((await t.call(calls.updateModel, { ...body, id: 'f'.repeat(24) }, staff)).answer()).toBe(false);
  });

  it('two staff creating the same name at once on two instances: one is saved, the other answered err_code 1', async () => {
    const twin = await t.twin();
    try {
      const body = modelBody({ name: 'Avis piscine', type: '' });
      const [a, b] = await Promise.all([insert(body), twin.post('dashboard/review_models/insert', body, staff)]);
      const answers = [a.json(), b.json()];
      expect(answers.filter((x) => x._id).length).toBe(1);
      expect(answers.filter((x) => x.err_code === 1)).toEqual([{ err_code: 1, err_message: REVIEWS.nameTaken }]);
    } finally {
      await twin.close();
    }
  });

  it('deletes: true, then false', async () => {
    const [pool] = (await models()).filter((m) => m.name === 'Avis piscine');
    expect((await t.call(calls.deleteModel, { id: pool.id }, staff)).answer()).toBe(true);
    expect((await t.call(calls.deleteModel, { id: pool.id }, staff)).answer()).toBe(false);
  });
});

describe('settings (ours)', () => {
  it('saves the public review link and the alert, refuses a link that is not https or an address that is not one', async () => {
    const body = { public_link: 'https://g.page/r/camping-des-pins/review', public_link_label: 'Google', alert_threshold: 2, alert_emails: ['Accueil@Camping.test'] };
    expect((await t.call(calls.updateSettings, body, staff)).answer()).toEqual({ ...body, alert_emails: ['accueil@camping.test'] });
    expect400(await t.post('dashboard/reviews/settings/update', { ...body, public_link: 'javascript:alert(1)' }, staff), 'public_link', REVIEWS.publicLinkInvalid);
    expect400(await t.post('dashboard/reviews/settings/update', { ...body, alert_emails: ['pas une adresse'] }, staff), 'alert_emails.0', REVIEWS.alertEmailInvalid);
    expect400(await t.post('dashboard/reviews/settings/update', { ...body, alert_threshold: 6 }, staff), 'alert_threshold', REVIEWS.thresholdInvalid);
    expect((await t.call(calls.settings, undefined, staff)).answer().public_link).toBe(body.public_link);
  });
});
