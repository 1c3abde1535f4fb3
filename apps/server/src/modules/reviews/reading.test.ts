import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { REVIEWS, reviews as calls, type ReviewAnswer, type ReviewModel } from '@campsite/shared';
import { expect400 } from '../../testing/expect400';
import { generateReviews, modelBody } from '../../testing/fixtures/reviews';
import { testApp, type TestApp } from '../../testing/harness';
import { addClient } from '../../testing/fixtures/people';
import { DEFAULT_GLOBAL, setEntry } from '../../platform/settings/settings.repository';
import { EXTRACT_HEADER } from './extract.export';
import { insertReview } from './reviews.repository';
import { readRows } from '../../db/rows';

const NOW = Date.parse('2025-08-31T10:00:00Z') / 1000;
const DAY = 86400;
let t: TestApp;
let staff: string;
let model: ReviewModel;
beforeAll(async () => {
  t = await testApp({ now: () => NOW });
  await setEntry(t.deps.db, 'global', { ...DEFAULT_GLOBAL, langs: ['fr', 'en'], lang_default: 'fr' });
  staff = (await t.signIn({ reviews: 1 })).cookie;
  model = (await t.call(calls.insertModel, modelBody(), staff)).answer() as ReviewModel;
}, 60_000);
afterAll(async () => t?.close());

const clear = async () => {
  await t.deps.db.execute(sql`DELETE FROM reviews`);
  await t.deps.db.execute(sql`DELETE FROM review_days`);
};
const page = (p: number) => t.call(calls.findByType, { type: 'global', page: p }, staff).then((r) => r.answer());

describe('the reviews page read (001 §9: 100 a page, the first page is 0)', () => {
  for (const [n, pages] of [[0, 0], [1, 1], [100, 1], [101, 2], [250, 3]] as const) {
    it(`${n} reviews: ${pages} page(s), newest first, nothing lost or repeated`, async () => {
      await clear();
      await generateReviews(t.deps, { id: model._id, name: model.name, questions: model.questions }, n, { last: NOW });
      const seen: string[] = [];
      for (let p = 0; p <= pages; p++) {
        const res = await page(p);
        expect(res).toMatchObject({ total: n, pages, page: p, per_page: 100 });
        expect(res.rows.length).toBe(p < pages ? Math.min(100, n - p * 100) : 0);
        seen.push(...res.rows.map((r) => r._id));
        const times = res.rows.map((r) => r.completed);
        expect(times).toEqual([...times].sort((a, b) => b - a));
      }
      expect(new Set(seen).size).toBe(n);
    });
  }

  it('filters by questionnaire and period; refuses a page below 0', async () => {
    const res = (await t.call(calls.findByType, { model: model._id, from: NOW - 100 * 60, to: NOW }, staff)).answer();
    expect(res.total).toBe(100); // completed every minute back from NOW - 60: [NOW - 6000, NOW) holds 100
    expect((await t.call(calls.findByType, { model: 'f'.repeat(24) }, staff)).answer().total).toBe(0);
    expect((await t.get('webapp/reviews/find-by-type?page=-1', staff)).statusCode).toBe(400);
  });

  it('any page, with or without a period cut inside a day, holds the rows of one ordered read (issue 31: the page starts from its day)', async () => {
    await clear();
    const m = { id: model._id, name: model.name, questions: model.questions };
    // 2 × 180 reviews every 5 hours (75 days), the second set at the same instants: ties ordered by id
    await generateReviews(t.deps, m, 180, { last: NOW, step: 5 * 3600 });
    await generateReviews(t.deps, m, 180, { last: NOW, step: 5 * 3600, prefix: 'rw' });
    for (const period of [{}, { from: NOW - 20.5 * DAY, to: NOW - 3.3 * DAY }, { from: NOW - 40 * DAY + 7, to: NOW - 39 * DAY }]) {
      const { from, to } = period as { from?: number; to?: number };
      const expected = (
        await readRows<{ id: string }>(
          t.deps.db,
          sql`SELECT id FROM reviews WHERE type = 'global' ${from !== undefined ? sql`AND completed >= ${from} AND completed < ${to}` : sql``} ORDER BY completed DESC, id DESC`,
        )
      ).map((r) => r.id);
      const seen: string[] = [];
      for (let p = 0; ; p++) {
        const res = (await t.call(calls.findByType, { type: 'global', page: p, ...period }, staff)).answer();
        expect(res).toMatchObject({ total: expected.length, pages: Math.ceil(expected.length / 100) });
        if (!res.rows.length) break;
        seen.push(...res.rows.map((r) => r._id));
      }
      expect(seen).toEqual(expected);
    }
  });
});

describe('the questions of a page, once per form (issue 31)', () => {
  it('sends each version of the questions once, and each row names the one it answered', async () => {
    await clear();
    const now = model.questions;
    const renamed = [{ ...now[0], translations: now[0].translations.map((tr) => ({ ...tr, title: `${tr.title} (avant)` })) }, ...now.slice(1)];
    const insert = (id: string, completed: number, questions: typeof now) =>
      t.deps.db.transaction((tx) =>
        insertReview(tx, { id, modelId: model._id, modelName: model.name, type: 'global', lang: 'fr', completed, score: 4, answers: [4, 'Bien', 1] }, questions, [4, 'Bien', 1], completed),
      );
    for (let i = 0; i < 30; i++) await insert(`f${String(i).padStart(2, '0')}`, NOW - 60 * (i + 1), i < 10 ? now : renamed);

    const res = await t.get('webapp/reviews/find-by-type?type=global&page=0', staff);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Awaited<ReturnType<typeof page>>;
    expect(body.rows.map((r) => r._id)).toEqual(Array.from({ length: 30 }, (_, i) => `f${String(i).padStart(2, '0')}`));
    expect(Object.keys(body.forms)).toHaveLength(2);
    const titles = (id: string) => body.forms[body.rows.find((r) => r._id === id)!.form].map((q) => q.translations[0].title);
    expect(titles('f00')).toEqual(now.map((q) => q.translations[0].title));
    expect(titles('f29')).toEqual(['Note globale du séjour (avant)', 'Qu’avez-vous préféré ?', 'Reviendrez-vous ?']);
    expect(body.rows.every((r) => !('questions' in r) && r.answers.length === body.forms[r.form].length)).toBe(true);
    // the bytes: each title once per version, not once per review
    expect(res.body.split('Qu’avez-vous préféré ?')).toHaveLength(3);
    // a page past the end names no form
    expect((await page(1)).forms).toEqual({});
  });
});

describe('Extraire: the CSV of the selected reviews (POST then GET)', () => {
  it('writes the BOM, ";", a fixed header, accents, line breaks inside quotes, formulas neutralised; only for the staff member who asked', async () => {
    await clear();
    const client = await addClient(t.deps, { client_number: '4242', firstname: 'Zoé', lastname: 'Lefèvre', email1: 'zoe@exemple.fr' });
    const q = model.questions;
    const insert = (id: string, completed: number, answers: ReviewAnswer[]) =>
      t.deps.db.transaction((tx) =>
        insertReview(tx, { id, modelId: model._id, modelName: model.name, type: 'global', stayNumber: 'S77', clientNumber: client.clientNumber, lang: 'fr', completed, score: answers[0] as number, answers }, q, answers, completed),
      );
    await insert('r2', NOW - 60, [2, '=HYPERLINK("http://x")', 2]);
    await insert('r1', NOW - 3600, [5, 'Très belle piscine ;\nl’équipe "top"', 0]);
    await insert('r3', NOW - 30, [3, null, 1]);

    const { url, id } = (await t.call(calls.extract, { review_id_list: ['r1', 'r2'] }, staff)).answer();
    expect(url).toBe(`/api/webapp/reviews/extract_reviews.csv?id=${id}`);
    const res = await t.get(url.replace('/api/', ''), staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    const [head] = text.split('\r\n');
    expect(head.split(';')).toEqual(EXTRACT_HEADER);
    expect(EXTRACT_HEADER.slice(0, 9)).toEqual(['Date', 'Questionnaire', 'Nom', 'Prénom', 'E-mail', 'N° client', 'N° séjour', 'Langue', 'Note moyenne']);
    expect(EXTRACT_HEADER).toHaveLength(29);
    // oldest first; the line break and the quotes stay inside one quoted cell
    expect(text).toContain('31/08/2025 11:00:00;Fin de séjour;Lefèvre;Zoé;zoe@exemple.fr;4242;S77;fr;5,00;Note globale du séjour;5;Qu’avez-vous préféré ?;"Très belle piscine ;\nl’équipe ""top""";Reviendrez-vous ?;Oui;');
    expect(text).toContain(`'=HYPERLINK(""http://x"")`);
    expect(text).not.toMatch(/;"?=HYPERLINK/);
    expect(text).toContain(';Reviendrez-vous ?;Non;');
    expect(text).not.toContain('r3');
    expect(text.trimEnd().split('\r\n').filter((l) => l.startsWith('31/08/2025'))).toHaveLength(2);

    // every review of the filters ('all')
    const all = (await t.call(calls.extract, { all: true, model: model._id }, staff)).answer();
    const full = (await t.get(all.url.replace('/api/', ''), staff)).rawPayload.toString('utf8');
    expect(full.split('\r\n').filter((l) => l.startsWith('31/08/2025'))).toHaveLength(3);

    // another staff member (even with the flag) cannot open it; an empty selection is refused
    const other = await t.signIn({ reviews: 1 });
    expect400(await t.get(url.replace('/api/', ''), other.cookie), 'id', REVIEWS.extractGone);
    expect400(await t.post('webapp/reviews/extract_reviews.csv', { review_id_list: [] }, staff), 'review_id_list', REVIEWS.selectionEmpty);
  });
});

describe('statistics over a period and the one before (ours)', () => {
  it('averages each notation question and counts each select answer, by SQL aggregates', async () => {
    await clear();
    // 10 reviews a day over 20 days: the 10 days before today's are the period, the 10 before them the previous one
    const today = Date.parse('2025-08-31T00:00:00+02:00') / 1000;
    await generateReviews(t.deps, { id: model._id, name: model.name, questions: model.questions }, 200, { last: today, step: DAY / 10 });
    const s = (await t.call(calls.stats, { model: model._id, from: today - 10 * DAY, to: today }, staff)).answer();
    if (!s) throw new Error('no stats');
    expect(s).toMatchObject({ count: 100, previous_count: 100, previous_from: today - 20 * DAY, previous_to: today - 10 * DAY });
    const [note, text, choice] = s.questions;
    // i = 1..100 in the period: notes 1 + i % 5, choices i % 3, a text unless i % 4 = 0
    const notes = Array.from({ length: 100 }, (_, k) => 1 + ((k + 1) % 5));
    expect(note.counts).toEqual([1, 2, 3, 4, 5].map((v) => notes.filter((n) => n === v).length));
    expect(note.average).toBe(Math.round((notes.reduce((a, b) => a + b, 0) / 100) * 100) / 100);
    expect(s.score).toBe(note.average);
    expect(text).toMatchObject({ type: 'text', answered: 75, previous_answered: 75, average: null, counts: [] });
    expect(choice.counts).toEqual([0, 1, 2].map((v) => Array.from({ length: 100 }, (_, k) => (k + 1) % 3).filter((c) => c === v).length));
    expect(choice.previous_counts.reduce((a, b) => a + b, 0)).toBe(100);
    expect((await t.call(calls.stats, { model: 'f'.repeat(24), from: 1, to: 2 }, staff)).answer()).toBe(false);
    expect400(await t.get(`dashboard/reviews/stats?model=${model._id}&from=10&to=5`, staff), 'to', REVIEWS.periodInvalid);
  });
});
