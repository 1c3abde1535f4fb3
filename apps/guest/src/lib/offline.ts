import type { Animation, AnimationDate } from '@campsite/shared/contract/activities';
import type { Category } from '@campsite/shared/contract/categories';
import type { PublicConfig } from '@campsite/shared/contract/config';
import type { Group } from '@campsite/shared/contract/groups';
import type { List } from '@campsite/shared/contract/lists';
import type { LogoDoc } from '@campsite/shared/contract/logo';
import type { MenuDoc } from '@campsite/shared/contract/menu';
import type { HomeModule } from '@campsite/shared/contract/home-modules';
import type { Page } from '@campsite/shared/contract/pages';
import type { Callable } from '@campsite/shared/contract/call';
import { callUrl } from '@campsite/shared/client/api';
import { agendaWindow } from '@campsite/shared/client/first-screen';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { fileUrl } from '@campsite/shared/contract/file-urls';

/**
 * The whole booklet kept for offline use (docs/guest-app.md 'The whole booklet offline'): after the
 * first screen, the app reads in the background, one request at a time, every address its screens would
 * read (rubrics, categories, pages, lists and their pages, the home's modules, the coming weeks'
 * activities) and then the images at the sizes the screens show them. Each request goes through the
 * service worker, which keeps the answer; the addresses are exactly the screens', so a screen never
 * opened shows offline.
 */

/** What the background storing may take on the device: it stops at the first answer past either. */
export const BUDGET = { bytes: 8 * 1024 * 1024, images: 150 };
/** How often a launch (or a return to the app) looks again for content staff changed. */
export const REFRESH_MS = 15 * 60_000;
/** Icons are shown at 192 px (MaskIcon), covers and pictures at phone width (Img). */
const ICON = 192;
const PICTURE = 720;

/** Why a walk ended early; 'closed': the app is closed to guests not signed in (application_ouverte off). */
export type Stop = 'offline' | 'metered' | 'budget' | 'failed' | 'closed';
export interface Stored {
  /** every address of the booklet was read (and is kept) */
  complete: boolean;
  stopped?: Stop;
  reads: number;
  images: number;
  bytes: number;
  /** the content addresses read, for the worker to forget the ones that are gone */
  urls: string[];
}

interface Connection {
  saveData?: boolean;
  metered?: boolean;
  type?: string;
}

/** The browser says the connection costs: Save-Data, a metered flag, or mobile data. */
export function metered(nav: object = navigator): boolean {
  // the Network Information API is not in every browser, nor in TypeScript's Navigator
  const c = (nav as { connection?: Connection }).connection;
  return !!c && (c.saveData === true || c.metered === true || c.type === 'cellular');
}

const url = <C extends Callable>(def: C, query?: Record<string, unknown>) => callUrl(def, query);

/** What one read leads to: more reads (discovered from its answer) and images. */
interface Found {
  reads: Read[];
  icons: (string | null | undefined)[];
  pictures: (string | null | undefined)[];
}
interface Read {
  url: string;
  /** what its answer leads to */
  next?: (data: unknown) => Partial<Found>;
}

const pageImages = (p: Page | null | undefined): Partial<Found> => (p ? { pictures: [p.cover], icons: p.sections.map((s) => s.prev) } : {});

/**
 * The reads of the booklet, from the lists down to each page: the same addresses, with the same
 * queries, as the screens (App, Rubric, Category, PageScreen, HomeModules, Agenda, Activity).
 */
export function bookletReads(now: number): Read[] {
  const pageById = (id: string): Read => ({ url: url(guestCalls.pages.find, { id }), next: (p) => pageImages(p as Page | false || null) });
  // the agenda's window: the dated activities lead to their activity's screen
  let inWindow = new Set<string>();
  return [
    { url: url(guestCalls.config.public), next: (c) => ({ pictures: [(c as PublicConfig).background] }) },
    { url: url(guestCalls.themes.current) },
    { url: url(guestCalls.logo.get), next: (l) => ({ icons: [(l as LogoDoc).logo] }) },
    { url: url(guestCalls.menu.get), next: (m) => ({ icons: (m as MenuDoc).values.map((e) => e.image) }) },
    { url: url(guestCalls.groups.list), next: (g) => ({ icons: (g as Group[]).map((x) => x.prev) }) },
    {
      url: url(guestCalls.categories.list),
      next: (cs) => ({
        icons: (cs as Category[]).map((c) => c.prev),
        reads: (cs as Category[]).map((c) =>
          c.type === 'list'
            ? {
                url: url(guestCalls.lists.findByCategory, { category: c._id }),
                next: (l) => {
                  const list = l as List | false;
                  return list ? { pictures: [list.cover], icons: list.elements.map((e) => e.prev), reads: list.elements.map((e) => pageById(e.page)) } : {};
                },
              }
            : { url: url(guestCalls.pages.findByCategory, { category: c._id }), next: (p) => pageImages(p as Page | false || null) },
        ),
      }),
    },
    {
      url: url(guestCalls.modules.list),
      next: (ms) => ({ reads: (ms as HomeModule[]).filter((m) => m.type === 'page' && m.values.page && !m.values.category).map((m) => pageById(m.values.page!)) }),
    },
    { url: url(guestCalls.lists.list, { nocover: true }) },
    { url: url(guestCalls.animationCategories.list) },
    {
      url: url(guestCalls.animationDates.list, agendaWindow(now)),
      next: (ds) => {
        inWindow = new Set((ds as AnimationDate[]).filter((d) => d.end > now).map((d) => d.animation));
        return {};
      },
    },
    {
      url: url(guestCalls.animations.list, {}),
      next: (as) => {
        const coming = (as as Animation[]).filter((a) => inWindow.has(a._id));
        return { pictures: coming.map((a) => a.cover), reads: coming.map((a) => ({ url: url(guestCalls.animations.find, { id: a._id }) })) };
      },
    },
  ];
}

export interface WalkOptions {
  now: number;
  /** waits between two requests (the page's idle time), so that the guest's own reads go first */
  pause?: () => Promise<void>;
  /** read before each request: stop when it answers a reason */
  stopIf?: () => Stop | null;
  fetch?: typeof fetch;
  budget?: typeof BUDGET;
}

/**
 * Reads the whole booklet once, one request at a time, reads first and images after (the words of
 * every page come before any picture), within the budget. Stops, incomplete, at the first request that
 * fails (the network is gone: the next launch goes on) or when `stopIf` says so.
 */
export async function storeBooklet(opts: WalkOptions): Promise<Stored> {
  const get = opts.fetch ?? ((input, init) => fetch(input, init));
  const budget = opts.budget ?? BUDGET;
  const result: Stored = { complete: false, reads: 0, images: 0, bytes: 0, urls: [] };
  const seen = new Set<string>();
  const queue = bookletReads(opts.now);
  const icons: string[] = [];
  const pictures: string[] = [];
  const add = (into: string[], ids: (string | null | undefined)[] | undefined, width: number) => {
    for (const id of ids ?? []) if (id) into.push(fileUrl(id, width));
  };
  const take = async (address: string): Promise<ArrayBuffer | Stop> => {
    await opts.pause?.();
    const stop = opts.stopIf?.();
    if (stop) return stop;
    try {
      const res = await get(address, { credentials: 'same-origin', priority: 'low' } as RequestInit);
      // a closed app answers content only to a signed-in guest: the walk is for after the sign-in
      if (res.status === 401) return 'closed';
      if (!res.ok) return new ArrayBuffer(0);
      const body = await res.arrayBuffer();
      result.bytes += body.byteLength;
      return body;
    } catch {
      return 'failed';
    }
  };
  const over = () => result.bytes > budget.bytes;

  while (queue.length) {
    const read = queue.shift()!;
    if (seen.has(read.url)) continue;
    seen.add(read.url);
    const body = await take(read.url);
    if (typeof body === 'string') return { ...result, stopped: body };
    result.reads++;
    result.urls.push(read.url);
    if (over()) return { ...result, stopped: 'budget' };
    if (!body.byteLength || !read.next) continue;
    let found: Partial<Found> = {};
    try {
      found = read.next(JSON.parse(new TextDecoder().decode(body)));
    } catch {
      // an answer of another shape (a newer server): what it leads to is left out, the rest goes on
    }
    queue.push(...(found.reads ?? []));
    add(icons, found.icons, ICON);
    add(pictures, found.pictures, PICTURE);
  }
  for (const image of [...new Set([...icons, ...pictures])]) {
    if (result.images >= budget.images) return { ...result, stopped: 'budget' };
    const body = await take(image);
    if (typeof body === 'string') return { ...result, stopped: body };
    result.images++;
    if (over()) return { ...result, stopped: 'budget' };
  }
  return { ...result, complete: true };
}

const KEY = 'offline-booklet';
interface Walked {
  /** when the last walk ended (epoch ms) */
  at: number;
  complete: boolean;
  stopped?: Stop;
  reads: number;
  images: number;
  bytes: number;
}

/** What the last background storing did (also read by the journeys to wait for it). */
export function lastStored(): Walked | null {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? 'null') as Walked | null;
  } catch {
    return null;
  }
}

/** A walk is due when none ended well within REFRESH_MS (a stop for the network or mobile data is tried again). */
const due = (now: number) => {
  const last = lastStored();
  return !last || (last.stopped !== undefined && last.stopped !== 'budget') || now - last.at > REFRESH_MS;
};

const idle = () =>
  new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 50);
  });

/** The first screen is on the glass: a screen without its loader, its eager pictures loaded. */
async function firstScreenShown(limitMs = 20_000) {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    const main = document.getElementById('main');
    const pictures = [...document.querySelectorAll<HTMLImageElement>('main img[loading="eager"]')];
    if (main && main.childElementCount && !main.querySelector('.loader') && pictures.every((i) => i.complete)) return;
    await new Promise((r) => setTimeout(r, 300));
  }
}

let running = false;

/** One walk, if due (or `now`) and the connection allows it, then recorded; the worker forgets content that is gone. */
async function walkOnce(now = false) {
  if (running || (!now && !due(Date.now())) || metered() || !navigator.serviceWorker?.controller) return;
  running = true;
  try {
    await firstScreenShown();
    await idle();
    const stored = await storeBooklet({
      now: Math.floor(Date.now() / 1000),
      pause: idle,
      stopIf: () => (navigator.onLine === false ? 'offline' : metered() ? 'metered' : !navigator.serviceWorker?.controller ? 'failed' : null),
    });
    const { urls, ...summary } = stored;
    localStorage.setItem(KEY, JSON.stringify({ ...summary, at: Date.now() }));
    // the whole booklet was read: kept answers of pages, lists and activities no longer in it can go
    if (stored.complete) navigator.serviceWorker.controller?.postMessage({ type: 'prune', keep: urls });
  } catch {
    // no storage, or a read of another shape: the app works as before, the next launch tries again
  } finally {
    running = false;
  }
}

/**
 * Keeps the whole booklet on the device, once the service worker controls the page: after the first
 * screen is shown and the page is idle, and again when the guest comes back to the app once the last
 * walk is older than REFRESH_MS (staff may have changed a page: unchanged answers cost a 304 each,
 * the server's ETags make the check cheap).
 */
export function keepBookletOffline() {
  void walkOnce();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void walkOnce();
  });
  (navigator as Navigator & { connection?: EventTarget }).connection?.addEventListener?.('change', () => void walkOnce());
}

/** After a sign-in the reads may answer otherwise (a closed app opens): the booklet is stored again at once. */
export function storeBookletNow() {
  void walkOnce(true);
}
