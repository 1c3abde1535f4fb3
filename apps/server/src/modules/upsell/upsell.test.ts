import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORE, OPERATOR, upsell } from '@campsite/shared';
import { testApp, type TestApp } from '../../testing/harness';

// One site alone (no operator): the upsell's 'yes' is answered and goes nowhere (the multi-site case, where
// it reaches the operator's console, is sites/operator/operator.test.ts).
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe("the upsell's 'Oui, ça m'intéresse !' with one site", () => {
  it('answers false: there is no operator to tell', async () => {
    const { cookie } = await t.signIn({});
    const res = await t.call(upsell.request, { what: 'Cautions' }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.answer()).toBe(false);
  });

  it('needs a staff session and a screen', async () => {
    const anonymous = await t.post('dashboard/upsell/request', { what: 'Cautions' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(CORE.notSignedIn);
    const { cookie } = await t.signIn({});
    const empty = await t.post('dashboard/upsell/request', { what: '' }, cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(OPERATOR.upsellWhatRequired);
  });
});
