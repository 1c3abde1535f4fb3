import type { PublicConfig } from '@campsite/shared/contract/config';
import type { Theme } from '@campsite/shared/contract/themes';
import { callUrl } from '@campsite/shared/client/api';
import { BOOT_READS, FIRST_SCREEN_ID, type FirstScreen } from '@campsite/shared/client/first-screen';
import { DEFAULT_COLOURS } from '@campsite/shared/domain/theme-colours';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { onAnswer, peek, seed, useGet } from '../lib/fetch-cache';
import { chooseLang, storedLang } from '../lib/lang';
import { applyTheme } from '../lib/theme';

const SAVED_KEY = 'boot';
const BOOT_URLS = BOOT_READS.map((r) => callUrl(r.call, r.query));

function isFirstScreen(v: unknown): v is FirstScreen {
  return !!v && typeof v === 'object' && typeof (v as FirstScreen).at === 'number' && !!(v as FirstScreen).reads && typeof (v as FirstScreen).reads === 'object';
}

/** The reads the server wrote into this page. */
function fromPage(): FirstScreen | null {
  try {
    const data: unknown = JSON.parse(document.getElementById(FIRST_SCREEN_ID)?.textContent ?? 'null');
    return isFirstScreen(data) ? data : null;
  } catch {
    return null;
  }
}

/** The settings, colours, logo and menu this device saw last. */
function fromDevice(): FirstScreen | null {
  try {
    const data: unknown = JSON.parse(localStorage.getItem(SAVED_KEY) ?? 'null');
    return isFirstScreen(data) ? data : null;
  } catch {
    return null;
  }
}

function save() {
  const kept = BOOT_URLS.map((url) => [url, peek(url)] as const).filter(([, e]) => e);
  if (kept.length < BOOT_URLS.length) return;
  const snapshot: FirstScreen = { at: Math.min(...kept.map(([, e]) => e!.at)), reads: Object.fromEntries(kept.map(([url, e]) => [url, e!.data])) };
  try {
    localStorage.setItem(SAVED_KEY, JSON.stringify(snapshot));
  } catch {
    // no storage: the next launch reads the page's or the network's
  }
}

/**
 * Before the first render: the answers the page carries (fresh from the server) and the ones kept on the
 * device, the newest of each, go into the fetch cache, so that the first render is the establishment's
 * screen, in its colours and the guest's language, without waiting for the network. Both are refreshed
 * as soon as they are older than the cache keeps answers fresh (a page served by the service worker is).
 */
export function startFromFirstScreen() {
  const sources = [fromPage(), fromDevice()].filter((s): s is FirstScreen => !!s).sort((a, b) => b.at - a.at);
  for (const s of sources) for (const [url, data] of Object.entries(s.reads)) seed(url, data, s.at);
  onAnswer((url) => {
    if (BOOT_URLS.includes(url)) save();
  });

  const theme = peek(callUrl(guestCalls.themes.current))?.data as Theme | false | undefined;
  applyTheme(theme || DEFAULT_COLOURS);
  const config = peek(callUrl(guestCalls.config.public))?.data as PublicConfig | undefined;
  if (config) {
    document.documentElement.lang = chooseLang(config.langs, config.lang_default, storedLang(), navigator.languages ?? [navigator.language]);
    document.title = config.establishment;
  }
}

/** The establishment's settings, colours and logo (from the first screen, then refreshed). */
export function useBoot() {
  const config = useGet(guestCalls.config.public);
  const theme = useGet(guestCalls.themes.current);
  const logo = useGet(guestCalls.logo.get);
  return {
    config: config.data,
    theme: theme.data,
    logo: logo.data,
    error: config.error && !config.data ? config.error : undefined,
    retry: config.retry,
  };
}
