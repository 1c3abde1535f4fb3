import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Answer, Category, Group, LogoDoc, Page, PublicConfig, Theme } from '@campsite/shared';
import { fileUrl, isLang, pickLanguage, pickTranslation, themeCss, type Lang } from '@campsite/shared';
import { callUrl } from '@campsite/shared/client/api';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { BOOT_READS, FIRST_SCREEN_ID, FIRST_SCREEN_MARK, SERVICES_TITLE, SIGN_IN_INTRO, SIGN_IN_TITLE, categoryReads, screenReads, type FirstRead } from '@campsite/shared/client/first-screen';
import { findCategory, findGroup, keyOfSegment, parseRoute, type Route } from '@campsite/shared/client/guest-routes';
import { LANGS } from '@campsite/shared/i18n/languages';
import { ROUTE_SEGMENTS } from '@campsite/shared/i18n/routes';
import { escapeHtml } from '../lib/html';
import { sanitizeRichText } from '../lib/sanitize';

/**
 * The built stylesheets written into the page itself: the first paint then waits for no other request
 * than the page (the guest app's CSS is a few kilobytes; the service worker still keeps the file).
 */
export function inlineStylesheets(template: string, distDir: string): string {
  return template.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
    const path = join(distDir, file);
    return existsSync(path) ? `<style>${readFileSync(path, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>` : tag;
  });
}

/** The browser's languages from Accept-Language, most wanted first. */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((l) => l.tag && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((l) => l.tag);
}

/**
 * The reads of the first screen, each through its own route (with the guest's cookie), so that the page
 * holds exactly what the calls would answer now: never a stale copy after staff change the theme, and
 * whatever the routes cache serves here too. A read the guest may not make (signed out of a closed app)
 * is left out and the app asks for it itself.
 */
async function readAll(app: FastifyInstance, req: FastifyRequest, reads: FirstRead[]) {
  const headers = req.headers.cookie ? { cookie: req.headers.cookie } : {};
  const answers = await Promise.all(
    reads.map(async (r) => {
      const url = callUrl(r.call, r.query);
      const res = await app.inject({ method: 'GET', url, headers });
      return res.statusCode === 200 ? ([url, res.body] as const) : null;
    }),
  );
  return answers.filter((a) => a !== null);
}

const parse = <T>(body: string | undefined): T | undefined => (body === undefined ? undefined : (JSON.parse(body) as T));

/**
 * The guest app's page for one address: the built index.html with, at its mark, the theme's colours as
 * CSS variables, the first screen's images asked for at once, and the first screen's reads as a JSON data
 * block (not a script: the CSP's script-src 'self' stands); its language, title and browser-bar colour set
 * from the settings. The home gets the home's reads; any other address the ones every screen shows.
 */
export async function firstScreenPage(app: FastifyInstance, req: FastifyRequest, template: string): Promise<string> {
  const at = Date.now();
  const path = req.url.split('?')[0] ?? '/';
  const home = path === '/';
  const route = screenOf(path);
  // an address that leads nowhere is sent to the home by the app: only what every screen shows
  const reads = home ? screenReads({ screen: 'home' }, Math.floor(at / 1000)) : route.screen === 'home' ? [] : screenReads(route, Math.floor(at / 1000));
  const answers = await readAll(app, req, [...BOOT_READS, ...reads]);
  const body = (path: string) => answers.find(([url]) => url === `/api/${path}`)?.[1];
  // a category's page or list, once the categories say which one the address names
  const category = route.screen === 'category' ? categoryOf(route, body('webapp/groups/list'), body('webapp/categories/list')) : undefined;
  if (category) answers.push(...(await readAll(app, req, categoryReads(category))));
  const config = parse<PublicConfig>(body('webapp/config/public'));
  const read = parse<Theme | false>(body('webapp/config/theme'));
  // colours are checked on every write; checked again, as they go into a style element
  const theme = read && [read.color1, read.color2, read.color3, read.color4].every((c) => /^[0-9a-fA-F]{6}$/.test(c)) ? read : undefined;
  const logo = parse<LogoDoc>(body('webapp/config/logo'));
  const top = coverAndTitle(route, body);
  const page =
    route.screen === 'page' ? parse<Page>(body(`webapp/pages/find?id=${encodeURIComponent(route.id)}`)) :
    category?.type === 'page' ? parse<Page>(body(`webapp/pages/find-by-category?category=${encodeURIComponent(category._id)}`)) : undefined;

  // answers are JSON as the routes wrote them, put together without parsing them again; '<' escaped so
  // that no text of the establishment can close the data block
  const json = `{"at":${at},"reads":{${answers.map(([url, b]) => `${JSON.stringify(url)}:${b}`).join(',')}}}`.replace(/</g, '\\u003c');
  const head = [
    // html:root outweighs the stylesheet's :root defaults, wherever the build puts its stylesheet
    theme ? `<style id="theme">${themeCss(theme).replace(/^:root/, 'html:root')}</style>` : '',
    home && config?.background ? `<link rel="preload" as="image" href="${escapeHtml(fileUrl(config.background, 720))}" fetchpriority="high">` : '',
    (page?.cover ?? top?.cover) ? `<link rel="preload" as="image" href="${escapeHtml(fileUrl((page?.cover ?? top?.cover)!, 720))}" fetchpriority="high">` : '',
    // the logo is small on screen: the first screen's picture goes first on a slow network
    logo?.logo ? `<link rel="preload" as="image" href="${escapeHtml(fileUrl(logo.logo, 192))}" fetchpriority="low">` : '',
    `<script type="application/json" id="${FIRST_SCREEN_ID}">${json}</script>`,
  ].join('');

  let html = template.replace(FIRST_SCREEN_MARK, head);
  if (config) {
    const lang = guestLanguage(req, config);
    html = html
      .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(config.establishment)}</title>`);
    // the home's top only where the home shows: a closed app (application_ouverte off) signed out shows its sign-in
    const opens = body('webapp/modules/list') !== undefined;
    if (home && opens) html = html.replace('<div id="root"></div>', `<div id="root">${homeFirstLines(config, lang, logo)}</div>`);
    // another screen: its header bar, and a booklet page's top; a closed app shows its sign-in instead
    else if (!home && route.screen !== 'home' && config.application_ouverte !== false) {
      const tr = (translations: Parameters<typeof pickTranslation>[0], field: string) => pickTranslation(translations, lang, config.lang_default, field);
      const services = route.screen === 'services' ? parse<ServiceCard[]>(body('webapp/services/list')) : undefined;
      const groups = route.screen === 'rubric' ? parse<Group[]>(body('webapp/groups/list')) : undefined;
      const rubric = route.screen === 'rubric' ? findGroup(groups, route.group) : undefined;
      const signIn = route.screen === 'account' && config.webapp_connexion && signInAsked(req) && body('webapp/account/me') === 'false';
      const lines = signIn
        ? signInTop(lang)
        : page
        ? pageFirstLines(page, tr, category)
        : top
          ? screenTop(top.cover, tr(top.translations, top.field) || top.fallback)
          : services
            ? servicesFirstLines(services, lang, tr)
            : rubric
              ? rubricFirstLines(rubric, parse<Category[]>(body('webapp/categories/list')), lang, tr)
              : '';
      const main = lines ? `<main id="main" class="main">${lines}</main>` : '';
      html = html.replace('<div id="root"></div>', `<div id="root">${topBar(config, lang, logo, false)}${main}</div>`);
    }
  }
  if (theme) html = html.replace(/(<meta name="theme-color" content=")[^"]*"/, `$1#${theme.color1}"`);
  return html;
}

/**
 * A guest's messages (where a push's tap leads) are theirs only: without a session the page answers with
 * the sign-in's address, `next` leading back, where the app would go itself after loading the messages'
 * code and asking for them (3.2–3.6 s before the sign-in showed on a slow phone, docs/performance.md).
 * Null for any other address, or for a guest signed in.
 */
export async function signInFirst(app: FastifyInstance, req: FastifyRequest): Promise<string | null> {
  const path = req.url.split('?')[0] ?? '/';
  if (screenOf(path).screen !== 'messages' || (await signedIn(app, req))) return null;
  return `${ROUTE_SEGMENTS[languageOf(path)].account}?next=${encodeURIComponent(path)}`;
}

/** The guest signed in (their session cookie names a live session); never asked without a cookie. */
async function signedIn(app: FastifyInstance, req: FastifyRequest) {
  if (!req.headers.cookie) return false;
  const me = await app.inject({ method: 'GET', url: callUrl(guestCalls.account.me), headers: { cookie: req.headers.cookie } });
  return me.statusCode === 200 && me.body !== 'false';
}

/** The account's address shows the sign-in when it asks for nothing else (`?forgot`, `?signup`, a link's token…) than `next`. */
const signInAsked = (req: FastifyRequest) => [...new URLSearchParams(req.url.split('?')[1] ?? '').keys()].every((k) => k === 'next');

/** The sign-in's title and first line as the app draws them (AccountPage); the app adds the form below. */
const signInTop = (lang: Lang) => {
  const i = LANGS.indexOf(lang);
  return `<article class="screen account"><h1 class="screen-title pad">${escapeHtml(SIGN_IN_TITLE[i] ?? SIGN_IN_TITLE[1])}</h1><p class="pad muted">${escapeHtml(SIGN_IN_INTRO[i] ?? SIGN_IN_INTRO[1])}</p></article>`;
};

/** The language of an address's first word ('/membres/…' French, '/konto/…' German), French when none. */
function languageOf(path: string): Lang {
  let first = path.split('/')[1] ?? '';
  try {
    first = decodeURIComponent(first);
  } catch {
    // left as written: no screen has such a word
  }
  return keyOfSegment(first, 'fr')?.lang ?? 'fr';
}

/** The screen an address opens, in any language (as the app reads it). */
function screenOf(path: string): Route {
  return parseRoute(path, languageOf(path));
}

function categoryOf(route: Extract<Route, { screen: 'category' }>, groupsBody: string | undefined, categoriesBody: string | undefined) {
  const group = findGroup(parse<Group[]>(groupsBody), route.group);
  return group ? findCategory(parse<Category[]>(categoriesBody), group, route.category) : undefined;
}

/** The language the app will pick: the one chosen on this device (its cookie), else the browser's. */
function guestLanguage(req: FastifyRequest, config: PublicConfig): Lang {
  const chosen = req.cookies?.lang;
  if (isLang(chosen) && config.langs.includes(chosen)) return chosen;
  return pickLanguage(acceptedLanguages(req.headers['accept-language']), config.langs, config.lang_default);
}

/**
 * The home's top as the app draws it (its header bar and its welcome picture, same classes and sizes),
 * painted with the page before the app's script has run; the app then draws itself over it in the same
 * place. The largest thing on the first screen shows without waiting for the script.
 */
function homeFirstLines(config: PublicConfig, lang: Lang, logo: LogoDoc | undefined): string {
  const name = escapeHtml(config.establishment);
  const welcome = pickTranslation(config.welcome, lang, config.lang_default, 'welcome');
  const background = config.background
    ? `<img src="${escapeHtml(fileUrl(config.background, 720))}" alt="" class="hero-img" loading="eager" decoding="async" fetchpriority="high">`
    : '';
  return (
    topBar(config, lang, logo, true) +
    `<main id="main" class="main"><section class="hero${config.background ? ' has-image' : ''}">${background}` +
    `<div class="hero-text"><h1 class="hero-title">${name}</h1>${welcome ? `<p class="hero-welcome">${escapeHtml(welcome)}</p>` : ''}</div></section></main>`
  );
}

/**
 * The header bar as the app draws it (same classes and sizes), its buttons' places held by shapes the
 * app then makes buttons of, so that the name wraps as it will in the app.
 */
function topBar(config: PublicConfig, lang: Lang, logo: LogoDoc | undefined, home: boolean): string {
  const logoImg = logo?.logo ? `<img src="${escapeHtml(fileUrl(logo.logo, 192))}" alt="" class="topbar-logo" width="36" height="36">` : '';
  const back = home
    ? ''
    : '<span class="topbar-back" aria-hidden="true"><svg viewBox="0 0 24 24" width="24" height="24"><path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/></svg></span>';
  const langs =
    config.langs.length > 1
      ? `<div class="topbar-lang" aria-hidden="true"><svg class="topbar-lang-glyph" viewBox="0 0 24 24"><circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="1.8"/><path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" fill="none" stroke="currentColor" stroke-width="1.8"/></svg><span>${lang.toUpperCase()}</span></div>`
      : '';
  const account = config.webapp_connexion ? '<span class="topbar-account" aria-hidden="true"></span>' : '';
  return `<header class="topbar">${back}<a href="/" class="topbar-brand">${logoImg}<span class="topbar-name">${escapeHtml(config.establishment)}</span></a>${account}${langs}</header>`;
}

const CONTACT_FIELDS = ['phone', 'email', 'website', 'localisation', 'facebook', 'instagram'] as const;

type Tr = (translations: Parameters<typeof pickTranslation>[0], field: string) => string;

const coverImg = (cover: string | null | undefined) =>
  cover ? `<img src="${escapeHtml(fileUrl(cover, 720))}" alt="" class="cover" loading="eager" decoding="async" fetchpriority="high">` : '';

/** An activity's or a service's top: cover and title; the app adds the rest below them. */
const screenTop = (cover: string | null | undefined, title: string) => `<article class="screen">${coverImg(cover)}<h1 class="screen-title pad">${escapeHtml(title)}</h1></article>`;

interface Top {
  cover: string | null | undefined;
  translations: Parameters<typeof pickTranslation>[0];
  field: string;
  fallback: string;
}

/** The cover and title an activity's or a service's screen opens with, from its read. */
function coverAndTitle(route: Route, body: (path: string) => string | undefined): Top | undefined {
  if (route.screen === 'activity') {
    const a = parse<{ cover?: string | null; translations: Top['translations'] } | false>(body(`webapp/animations/find?id=${encodeURIComponent(route.id)}`));
    return a ? { cover: a.cover, translations: a.translations, field: 'name', fallback: '' } : undefined;
  }
  if (route.screen === 'service') {
    const d = parse<{ service: { cover?: string | null; translations: Top['translations']; name: string } } | false>(body(`webapp/services/find?id=${encodeURIComponent(route.id)}`));
    return d ? { cover: d.service.cover, translations: d.service.translations, field: 'title', fallback: d.service.name } : undefined;
  }
  return undefined;
}

type ServiceCard = Answer<typeof guestCalls.guestServices.list>[number];

/**
 * The services screen as the app draws it (ServicesList: title, a card each); the first row's pictures
 * asked for first, the others when scrolled to. No services: the app says so in a moment.
 */
function servicesFirstLines(services: ServiceCard[], lang: Lang, tr: Tr): string {
  if (!services.length) return '';
  const title = SERVICES_TITLE[LANGS.indexOf(lang)] ?? SERVICES_TITLE[1];
  const cards = services.map((s, i) => {
    const cover = s.cover
      ? `<img src="${escapeHtml(fileUrl(s.cover, 480))}" alt="" class="svc-cover" ${i < 2 ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"'} decoding="async">`
      : '<span class="svc-cover svc-cover-empty" aria-hidden="true"></span>';
    const href = `${ROUTE_SEGMENTS[lang].services}/${encodeURIComponent(s._id)}`;
    return `<li><a class="svc-card" href="${escapeHtml(href)}">${cover}<span class="svc-card-title">${escapeHtml(tr(s.translations, 'title') || s.name)}</span></a></li>`;
  });
  return `<article class="screen"><h1 class="screen-title pad">${escapeHtml(title)}</h1><ul class="svc-grid">${cards.join('')}</ul></article>`;
}

const maskIcon = (file: string | null | undefined, className: string) => {
  if (!file) return `<span class="${className} icon-empty" aria-hidden="true"></span>`;
  const url = escapeHtml(`url("${fileUrl(file, 192)}")`);
  return `<span class="${className} icon-mask" style="mask-image: ${url}; -webkit-mask-image: ${url}" aria-hidden="true"></span>`;
};

const CHEVRON =
  '<svg class="chevron" viewBox="0 0 24 24" aria-hidden="true"><path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"></path></svg>';

/**
 * A rubric as the app draws it (Rubric: its icon and name, a card a category in their order, each to the
 * category's address in the guest's words, as the app writes it). No category: the app says so in a moment.
 */
function rubricFirstLines(group: Group, categories: Category[] | undefined, lang: Lang, tr: Tr): string {
  const list = (categories ?? []).filter((c) => c.group === group._id).sort((a, b) => a.order - b.order);
  if (!list.length) return '';
  const base = `${ROUTE_SEGMENTS[lang].rubrics}/${encodeURIComponent(tr(group.translations, 'prefix') || group._id)}`;
  const cards = list.map((c) => {
    const href = `${base}/${encodeURIComponent(tr(c.translations, 'suffix') || c._id)}`;
    return `<li><a href="${escapeHtml(href)}" class="card">${maskIcon(c.prev, 'icon card-icon')}<span class="card-text"><span class="card-title">${escapeHtml(tr(c.translations, 'name'))}</span></span>${CHEVRON}</a></li>`;
  });
  return `<article class="screen"><header class="screen-head">${maskIcon(group.prev, 'icon screen-icon')}<h1 class="screen-title">${escapeHtml(tr(group.translations, 'name'))}</h1></header><ul class="cards">${cards.join('')}</ul></article>`;
}

/**
 * A booklet page's top as the app draws it: cover, title and sections (their text as stored, sanitized on
 * write, and again here: the document's parser, unlike the app's innerHTML, would run a script a stored
 * text held by any other way in).
 */
function pageFirstLines(page: Page, tr: Tr, category: Category | undefined): string {
  const title = tr(page.translations, 'name') || tr(page.translations, 'category_name') || (category ? tr(category.translations, 'name') : '');
  const cover = coverImg(page.cover);
  // the sections up to the first with contact buttons, whose words only the app has: it adds them after
  // that section's text, and the rest below, so that nothing drawn here moves
  const sorted = [...page.sections].sort((a, b) => a.order - b.order);
  const withButtons = sorted.findIndex((x) => CONTACT_FIELDS.some((f) => x[f]?.trim()));
  const drawn = withButtons < 0 ? sorted : sorted.slice(0, withButtons + 1);
  const sections = drawn.map((x) => {
    return `<section class="section"><h2 class="section-title">${maskIcon(x.prev, 'icon section-icon')}<span>${escapeHtml(tr(x.translations, 'title'))}</span></h2><div class="rich">${sanitizeRichText(tr(x.translations, 'html'))}</div></section>`;
  });
  return `<article class="screen">${cover}<h1 class="screen-title pad">${escapeHtml(title)}</h1>${sections.join('')}</article>`;
}
