import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { REVIEWS, reviews as calls, type ReviewAnswer, type ReviewModel } from '@campsite/shared';
import { readRows } from '../../db/rows';
import { expect400 } from '../../testing/expect400';
import { modelBody } from '../../testing/fixtures/reviews';
import { testApp, type TestApp } from '../../testing/harness';
import { DEFAULT_GLOBAL, setEntry } from '../../platform/settings/settings.repository';
import { insertReview } from './reviews.repository';

const NOW = Date.parse('2025-08-31T10:00:00Z') / 1000;
let t: TestApp;
let staff: string;
let model: ReviewModel;

/** The questionnaire of the fixture: a notation, a text, a select. Each review: its score, its text answer. */
const REVIEWS_MADE: [string, number | null, string | null][] = [
  ['five', 5, 'Parfait, merci'],
  ['four-low', 3.5, null],
  ['four-high', 4.4, 'Piscine un peu froide'],
  ['two', 2, ''],
  ['none', null, 'Rien à noter sinon le calme'],
];

beforeAll(async () => {
  t = await testApp({ now: () => NOW });
  await setEntry(t.deps.db, 'global', { ...DEFAULT_GLOBAL, langs: ['fr', 'en'], lang_default: 'fr' });
  staff = (await t.signIn({ reviews: 1 })).cookie;
  model = (await t.call(calls.insertModel, modelBody(), staff)).answer() as ReviewModel;
  for (const [i, [id, score, text]] of REVIEWS_MADE.entries()) {
    const answers: ReviewAnswer[] = [score === null ? null : Math.round(score), text, 0];
    await t.deps.db.transaction((tx) =>
      insertReview(tx, { id, modelId: model._id, modelName: model.name, type: 'global', lang: 'fr', completed: NOW - 60 * (i + 1), score, answers }, model.questions, answers, NOW - 60 * (i + 1)),
    );
  }
}, 60_000);
afterAll(async () => t?.close());

const ids = async (query: Record<string, unknown>) => (await t.call(calls.findByType, query, staff)).answer().rows.map((r) => r._id);

describe("'Lire les avis' filtered by score and by comment (issue 32)", () => {
  it('keeps the reviews whose average rounds to the star asked (3,5 to 4,4 is 4), newest first, with their count', async () => {
    expect(await ids({ score: 4 })).toEqual(['four-low', 'four-high']);
    expect(await ids({ score: 5 })).toEqual(['five']);
    expect(await ids({ score: 1 })).toEqual([]);
    expect((await t.call(calls.findByType, { score: 4 }, staff)).answer()).toMatchObject({ total: 2, pages: 1 });
  });

  it('keeps the reviews with a written comment (an empty text is none), alone or with a score', async () => {
    expect(await ids({ comment: '1' })).toEqual(['five', 'four-high', 'none']);
    expect(await ids({ comment: '1', score: 4 })).toEqual(['four-high']);
    expect((await t.call(calls.findByType, { comment: '1', model: model._id }, staff)).answer().total).toBe(3);
  });

  it('loses the comment of a review blanked by an erasure by itself', async () => {
    await t.deps.db.execute(sql`UPDATE reviews SET answers = jsonb_set(answers, '{1}', '""') WHERE id = 'none'`);
    expect(await ids({ comment: '1' })).toEqual(['five', 'four-high']);
    await t.deps.db.execute(sql`UPDATE reviews SET answers = jsonb_set(answers, '{1}', '"Rien à noter sinon le calme"') WHERE id = 'none'`);
  });

  it('refuses a score or a comment filter that is not one, in French', async () => {
    expect400(await t.get('webapp/reviews/find-by-type?score=6', staff), 'score', REVIEWS.scoreFilterInvalid);
    expect400(await t.get('webapp/reviews/find-by-type?score=quatre', staff), 'score', REVIEWS.scoreFilterInvalid);
    expect400(await t.get('webapp/reviews/find-by-type?comment=oui', staff), 'comment', REVIEWS.commentFilterInvalid);
  });

  it("extracts every review of the filters when none is ticked", async () => {
    const { url } = (await t.call(calls.extract, { all: true, score: 4, comment: '1' }, staff)).answer();
    const text = (await t.get(url.replace('/api/', ''), staff)).rawPayload.toString('utf8');
    expect(text).toContain('Piscine un peu froide');
    expect(text.trim().split('\r\n')).toHaveLength(2);
  });

  it('walks an index of its own for each filter', async () => {
    const plan = async (where: string) => {
      await t.deps.db.execute(sql`SET enable_seqscan = off`);
      try {
        const rows = await readRows<{ 'QUERY PLAN': string }>(t.deps.db, sql.raw(`EXPLAIN SELECT id FROM reviews WHERE ${where} ORDER BY completed DESC, id DESC LIMIT 100`));
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        await t.deps.db.execute(sql`SET enable_seqscan = on`);
      }
    };
    expect(await plan('stars = 4')).toContain('reviews_stars_completed_idx');
    expect(await plan('has_comment')).toContain('reviews_comment_completed_idx');
  });
});
