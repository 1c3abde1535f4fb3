import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FirstScreen } from '@campsite/shared/client/first-screen';
import { CONFIG } from '../testing/context';
import { clearCache, peek } from '../lib/fetch-cache';
import { startFromFirstScreen } from './boot';

const PINEDE = { _id: 't1', name: 'Pinède', color1: '24452a', color2: '5b7f3a', color3: 'e07a5f', color4: 'f2cc8f' };
const OCEAN = { _id: 't2', name: 'Océan', color1: '1d4e89', color2: '3e7cb1', color3: 'f4a259', color4: 'fdf6ec' };

function served(first: FirstScreen) {
  document.head.innerHTML = `<meta name="theme-color" content="#000000"><script type="application/json" id="first-screen">${JSON.stringify(first).replace(/</g, '\\u003c')}</script>`;
}
const reads = (theme: unknown, establishment = CONFIG.establishment) => ({
  '/api/webapp/config/public': { ...CONFIG, establishment, langs: ['fr', 'en', 'de'] },
  '/api/webapp/config/theme': theme,
  '/api/webapp/config/logo': { logo: null, url: null },
  '/api/webapp/config/menu': { values: [] },
  '/api/webapp/groups/list': [],
});

afterEach(() => {
  clearCache();
  localStorage.clear();
  document.head.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the first screen, before the first render', () => {
  it("takes the page's reads as answers, and paints its colours, language and title without a request", () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en']);
    served({ at: Date.now(), reads: { ...reads(PINEDE, 'Camping </script> des Pins'), '/api/webapp/modules/list': [] } });
    startFromFirstScreen();
    expect(peek('/api/webapp/config/theme')?.data).toEqual(PINEDE);
    expect(peek('/api/webapp/modules/list')?.data).toEqual([]);
    expect(document.documentElement.style.getPropertyValue('--c1')).toBe('#24452a');
    expect(document.documentElement.style.getPropertyValue('--on4')).toBe('#000000');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#24452a');
    expect(document.documentElement.lang).toBe('de');
    expect(document.title).toBe('Camping </script> des Pins');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('prefers what this device saw last when it is newer than the page (a page kept by the service worker)', () => {
    const now = Date.now();
    localStorage.setItem('boot', JSON.stringify({ at: now - 1000, reads: reads(OCEAN) }));
    served({ at: now - 86_400_000, reads: reads(PINEDE) });
    startFromFirstScreen();
    expect(peek('/api/webapp/config/theme')?.data).toEqual(OCEAN);
    expect(document.documentElement.style.getPropertyValue('--c1')).toBe('#1d4e89');
  });

  it("prefers the page when it is newer, and never believes a time ahead of the phone's clock", () => {
    const now = Date.now();
    localStorage.setItem('boot', JSON.stringify({ at: now - 86_400_000, reads: reads(OCEAN) }));
    served({ at: now + 3_600_000, reads: reads(PINEDE) });
    startFromFirstScreen();
    expect(peek('/api/webapp/config/theme')?.data).toEqual(PINEDE);
    expect(peek('/api/webapp/config/theme')!.at).toBeLessThanOrEqual(Date.now());
  });

  it('falls back to the default colours when no theme is selected, and ignores a broken block', () => {
    document.head.innerHTML = '<script type="application/json" id="first-screen">{not json</script>';
    expect(() => startFromFirstScreen()).not.toThrow();
    served({ at: Date.now(), reads: reads(false) });
    startFromFirstScreen();
    expect(document.documentElement.style.getPropertyValue('--c1')).toBe('#1d4e89');
  });
});
