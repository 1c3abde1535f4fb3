import { describe, expect, it } from 'vitest';
import { agendaWindow } from '@campsite/shared/client/first-screen';
import { metered, storeBooklet } from './offline';

const NOW = 1_783_116_000; // 2026-07-04
const win = agendaWindow(NOW);
const DATES = `/api/webapp/animation-dates/list?from=${win.from}&to=${win.to}`;

const page = (cover: string | null, ...icons: string[]) => ({ cover, sections: icons.map((prev, i) => ({ key: `s${i}`, prev })) });

/** A small booklet as the server answers it: two rubrics, a page category, a list category with two pages. */
const ANSWERS: Record<string, unknown> = {
  '/api/webapp/config/public': { background: 'bg' },
  '/api/webapp/config/theme': { _id: 't' },
  '/api/webapp/config/logo': { logo: 'logo', url: null },
  '/api/webapp/config/menu': { values: [{ image: 'menu-icon' }] },
  '/api/webapp/groups/list': [{ _id: 'g1', prev: 'g1-icon' }, { _id: 'g2', prev: null }],
  '/api/webapp/categories/list': [
    { _id: 'wifi', type: 'page', group: 'g1', prev: 'wifi-icon' },
    { _id: 'markets', type: 'list', group: 'g2', prev: 'markets-icon' },
  ],
  '/api/webapp/pages/find-by-category?category=wifi': page('wifi-cover', 'wifi-icon', 'lock-icon'),
  '/api/webapp/lists/find-by-category?category=markets': { cover: 'list-cover', elements: [{ page: 'p1', prev: 'e1' }, { page: 'p2', prev: 'e2' }] },
  '/api/webapp/pages/find?id=p1': page(null, 'p1-icon'),
  '/api/webapp/pages/find?id=p2': page('p2-cover'),
  '/api/webapp/modules/list': [{ type: 'page', values: { page: 'p3' } }, { type: 'page', values: { page: 'p1' } }, { type: 'animation', values: {} }],
  '/api/webapp/pages/find?id=p3': page(null),
  '/api/webapp/lists/list?nocover=true': [],
  '/api/webapp/animation-categories/list': [],
  [DATES]: [
    { animation: 'a1', start: NOW + 3600, end: NOW + 7200 },
    { animation: 'gone', start: NOW - 7200, end: NOW - 3600 },
  ],
  '/api/webapp/animations/list': [
    { _id: 'a1', cover: 'a1-cover' },
    { _id: 'gone', cover: 'gone-cover' },
    { _id: 'unplanned', cover: null },
  ],
  '/api/webapp/animations/find?id=a1': { _id: 'a1' },
};

/** A server answering those reads, and 1 000 bytes for each image; records each address asked. */
function server(opts: { failAt?: string; closed?: boolean } = {}) {
  const asked: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    if (url === opts.failAt) throw new TypeError('Failed to fetch');
    if (opts.closed && url.startsWith('/api/webapp/groups')) return new Response('{"message":"Vous n\'êtes pas connecté."}', { status: 401 });
    if (url.startsWith('/api/dashboard/files/get')) return new Response(new Uint8Array(1000));
    if (!(url in ANSWERS)) return new Response('{"message":"?"}', { status: 404 });
    return new Response(JSON.stringify(ANSWERS[url]));
  };
  return { asked, fetch: fetch as typeof globalThis.fetch };
}

const image = (id: string, width: number) => `/api/dashboard/files/get?id=${id}&width=${width}`;

describe('the whole booklet, stored in the background', () => {
  it('reads every page (of a category, of a list, of a module) and the coming activities, then their images at the screens’ sizes', async () => {
    const s = server();
    const stored = await storeBooklet({ now: NOW, fetch: s.fetch });
    // 9 icons (logo, menu, rubric, 2 categories, 2 sections, 2 list entries; the Wi-Fi icon once) and 5 pictures
    expect(stored).toMatchObject({ complete: true, reads: 17, images: 14 });
    expect(s.asked).toContain('/api/webapp/pages/find-by-category?category=wifi');
    expect(s.asked).toContain('/api/webapp/pages/find?id=p1');
    expect(s.asked).toContain('/api/webapp/pages/find?id=p2');
    expect(s.asked).toContain('/api/webapp/pages/find?id=p3');
    expect(s.asked).toContain(DATES);
    expect(s.asked).toContain('/api/webapp/animations/find?id=a1');
    // past and unplanned activities are not the coming weeks'
    expect(s.asked.filter((u) => u.includes('gone') || u.includes('unplanned'))).toEqual([]);
    // each address once, every read before the first picture
    expect(new Set(s.asked).size).toBe(s.asked.length);
    const firstImage = s.asked.findIndex((u) => u.startsWith('/api/dashboard/files'));
    expect(s.asked.slice(firstImage).every((u) => u.startsWith('/api/dashboard/files'))).toBe(true);
    // icons as MaskIcon shows them, covers and the home's picture as Img does
    expect(s.asked).toEqual(expect.arrayContaining([image('wifi-icon', 192), image('lock-icon', 192), image('e1', 192), image('logo', 192), image('menu-icon', 192)]));
    expect(s.asked).toEqual(expect.arrayContaining([image('wifi-cover', 720), image('list-cover', 720), image('p2-cover', 720), image('a1-cover', 720), image('bg', 720)]));
    expect(stored.urls).toContain('/api/webapp/pages/find?id=p3');
    expect(stored.urls.some((u) => u.includes('files/get'))).toBe(false);
  });

  it('stops at the budget: the words of every page first, pictures while they fit', async () => {
    const s = server();
    const all = await storeBooklet({ now: NOW, fetch: server().fetch });
    const words = all.bytes - all.images * 1000;
    const stored = await storeBooklet({ now: NOW, fetch: s.fetch, budget: { bytes: words + 2500, images: 100 } });
    expect(stored).toMatchObject({ complete: false, stopped: 'budget', reads: 17, images: 3 });
    expect(s.asked).toHaveLength(17 + 3);

    const few = await storeBooklet({ now: NOW, fetch: server().fetch, budget: { bytes: 1e9, images: 5 } });
    expect(few).toMatchObject({ complete: false, stopped: 'budget', images: 5 });
  });

  it('stops when the connection says so, or when a request does not get through', async () => {
    const s = server();
    let n = 0;
    const stopped = await storeBooklet({ now: NOW, fetch: s.fetch, stopIf: () => (++n > 3 ? 'metered' : null) });
    expect(stopped).toMatchObject({ complete: false, stopped: 'metered', reads: 3 });
    expect(s.asked).toHaveLength(3);

    const broken = server({ failAt: '/api/webapp/categories/list' });
    expect(await storeBooklet({ now: NOW, fetch: broken.fetch })).toMatchObject({ complete: false, stopped: 'failed', reads: 5 });
    expect(broken.asked).toHaveLength(6);

    // a closed app refuses content to a guest not signed in: stopped, to be done again after the sign-in
    const closed = server({ closed: true });
    expect(await storeBooklet({ now: NOW, fetch: closed.fetch })).toMatchObject({ complete: false, stopped: 'closed', reads: 4 });
  });

  it('waits for the page between two requests', async () => {
    const order: string[] = [];
    const s = server();
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => (order.push('fetch'), s.fetch(input, init))) as typeof globalThis.fetch;
    await storeBooklet({ now: NOW, fetch, pause: async () => void order.push('pause') });
    expect(order.slice(0, 4)).toEqual(['pause', 'fetch', 'pause', 'fetch']);
    expect(order.filter((o) => o === 'pause')).toHaveLength(order.length / 2);
  });
});

describe('a connection that costs', () => {
  it('is Save-Data, a metered flag or mobile data, as the browser says', () => {
    const nav = (connection?: object) => ({ connection });
    expect(metered(nav())).toBe(false);
    expect(metered(nav({ type: 'wifi', saveData: false }))).toBe(false);
    expect(metered(nav({ saveData: true }))).toBe(true);
    expect(metered(nav({ metered: true }))).toBe(true);
    expect(metered(nav({ type: 'cellular' }))).toBe(true);
  });
});
