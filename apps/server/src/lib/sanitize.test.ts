import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing/harness';
import { sanitizeRichText } from './sanitize';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('rich text and the Content-Security-Policy agree on images', () => {
  it('keeps our files\' images, drops any other, since the CSP would block them in both apps', async () => {
    const ours = '<p><img src="/api/dashboard/files/get-image/0123456789abcdef01234567" alt="Plage" /></p>';
    expect(sanitizeRichText(ours)).toBe(ours);
    for (const other of ['https://exemple.fr/a.png', 'http://exemple.fr/a.png', '//exemple.fr/a.png', 'data:image/png;base64,AAAA', 'javascript:alert(1)', '/api/dashboard/files/../../users/list']) {
      expect(sanitizeRichText(`<p>avant<img src="${other}">après</p>`)).toBe('<p>avantaprès</p>');
    }
    const csp = String((await t.get('webapp/config/version')).headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).not.toMatch(/img-src[^;]*https:/);
  });
});
