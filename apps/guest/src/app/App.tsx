import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBrowserLocation } from 'wouter/use-browser-location';
import { isLang, type Lang } from '@campsite/shared/i18n/languages';
import { chooseLang, storedLang, storeLang } from '../lib/lang';
import { parseRoute, switchPath, keyOfSegment } from '../lib/paths';
import { DEFAULT_COLOURS } from '@campsite/shared/domain/theme-colours';
import { applyTheme } from '../lib/theme';
import { onNetwork, useGet } from '../lib/fetch-cache';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { word } from '../lib/dict';
import { fileUrl } from '@campsite/shared/contract/file-urls';
import { AppContext, type AppState } from '../lib/context';
import { useBoot } from './boot';
import { Header } from './Header';
import { BottomMenu } from './BottomMenu';
import { Home } from '../screens/Home';
import { Loader, Problem } from '../components/States';
import { screenLoader } from './screens';
import { useTabTitle } from './tab-title';

const Rubric = lazy(screenLoader('rubric'));
const Category = lazy(screenLoader('category'));
const PageScreen = lazy(screenLoader('page'));
const Agenda = lazy(screenLoader('agenda'));
const Activity = lazy(screenLoader('activity'));
const Account = lazy(screenLoader('account'));
const InventoryScreen = lazy(screenLoader('inventory'));
const DepositScreen = lazy(screenLoader('deposit'));
const ChatScreen = lazy(screenLoader('messages'));
const ReviewScreen = lazy(screenLoader('reviews'));
const ServicesList = lazy(screenLoader('services'));
const ServiceScreen = lazy(screenLoader('service'));
const BookingsScreen = lazy(screenLoader('bookings'));
const NotificationsScreen = lazy(screenLoader('notifications'));

function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine !== false);
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    // a request that cannot reach the server says more than navigator.onLine on a captive Wi-Fi
    onNetwork((reached) => setOnline(reached && navigator.onLine !== false));
    // the service worker answers from its copy when the server cannot be reached, and says so
    const fromWorker = (e: MessageEvent) => {
      if (e.data?.type === 'network') setOnline(e.data.ok === true && navigator.onLine !== false);
    };
    navigator.serviceWorker?.addEventListener('message', fromWorker);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      navigator.serviceWorker?.removeEventListener('message', fromWorker);
    };
  }, []);
  return online;
}

export function App() {
  const boot = useBoot();
  const [path, go] = useBrowserLocation();
  const online = useOnline();
  const config = boot.config;
  // a link may name its language (`?lang=de`: a questionnaire's test link, issue 32): this visit only, nothing stored
  const [picked, setPicked] = useState<Lang | null>(() => {
    const asked = new URLSearchParams(location.search).get('lang');
    return isLang(asked) ? asked : null;
  });
  const lang: Lang | null = config
    ? picked && config.langs.includes(picked)
      ? picked
      : chooseLang(config.langs, config.lang_default, storedLang(), navigator.languages ?? [navigator.language])
    : null;

  // after every render, not only when they change: React 19 can skip an effect whose dependencies changed
  // during a time-sliced render (the theme stayed the default blue on a first visit); each is idempotent
  useEffect(() => {
    applyTheme(boot.theme || DEFAULT_COLOURS);
    if (lang && document.documentElement.lang !== lang) document.documentElement.lang = lang;
  });
  useTabTitle(config?.establishment ?? null);

  const navigate = useCallback((to: string, opts?: { replace?: boolean; state?: Record<string, unknown> }) => {
    // the depth lets the back button know whether the previous entry is one of the app's screens
    const depth = (history.state?.depth ?? 0) + (opts?.replace ? 0 : 1);
    go(to, { replace: opts?.replace, state: { ...opts?.state, depth } });
    if (!opts?.replace) window.scrollTo(0, 0);
  }, [go]);

  const setLang = useCallback(
    (next: Lang) => {
      if (!lang || next === lang) return;
      storeLang(next);
      setPicked(next);
      navigate(switchPath(location.pathname + location.search, lang, next), { replace: true });
    },
    [lang, navigate],
  );

  // after a move within the app, screen readers start from the new screen, not from the link left behind
  const shownPath = useRef(path);
  useEffect(() => {
    if (path === shownPath.current) return;
    shownPath.current = path;
    document.getElementById('main')?.focus({ preventScroll: true });
  });

  const route = lang ? parseRoute(path, lang) : null;
  // a closed app (application_ouverte off) shows only its sign-in until a guest signs in
  const closed = config?.application_ouverte === false;
  const me = useGet(closed || route?.screen === 'account' ? guestCalls.account.me : null);
  // a path in another language's words, or one that leads nowhere, is rewritten to this language's
  // (after every commit, see above: it navigates only when the address is not the right one)
  useEffect(() => {
    if (!lang || !route) return;
    if (route.screen === 'home') {
      if (path !== '/') navigate('/', { replace: true });
      return;
    }
    const first = path.split('/')[1] ?? '';
    const found = keyOfSegment(decodeURIComponent(first), lang);
    // the query kept: a review invitation's token (`?t=`) opened in a browser of another language (issue 32)
    if (found && found.lang !== lang) navigate(switchPath(path + location.search, found.lang, lang), { replace: true });
  });

  const state: AppState | null = useMemo(
    () =>
      config && lang
        ? { lang, config, theme: boot.theme || null, logoUrl: boot.logo?.logo ? fileUrl(boot.logo.logo, 192) : null, online, path, navigate, setLang }
        : null,
    [config, lang, boot.theme, boot.logo, online, path, navigate, setLang],
  );

  if (!state || !route) {
    if (boot.error) return <Problem text={word('en', 'error')} retry={boot.retry} retryLabel={word('en', 'retry')} />;
    return <Loader label="…" />;
  }

  // an invitation's link answers the questionnaire without a sign-in (its signed token), even in a closed app
  if (closed && !me.data && route.screen !== 'reviews') {
    return (
      <AppContext.Provider value={state}>
        <Header home account />
        <main id="main" className="main" tabIndex={-1}>
          <Suspense fallback={<Loader label={word(lang!, 'loading')} />}>{me.loading ? <Loader label={word(lang!, 'loading')} /> : <Account gate />}</Suspense>
        </main>
      </AppContext.Provider>
    );
  }

  let screen;
  switch (route.screen) {
    case 'home':
      screen = <Home />;
      break;
    case 'rubric':
      screen = <Rubric slug={route.group} />;
      break;
    case 'category':
      screen = <Category group={route.group} slug={route.category} />;
      break;
    case 'page':
      screen = <PageScreen id={route.id} />;
      break;
    case 'agenda':
      screen = <Agenda />;
      break;
    case 'activity':
      screen = <Activity id={route.id} />;
      break;
    case 'account':
      screen = <Account />;
      break;
    case 'inventory':
      screen = <InventoryScreen />;
      break;
    case 'messages':
      screen = <ChatScreen conversation={route.conversation} />;
      break;
    case 'deposit':
      screen = <DepositScreen />;
      break;
    case 'reviews':
      screen = <ReviewScreen />;
      break;
    case 'services':
      screen = <ServicesList />;
      break;
    case 'service':
      screen = <ServiceScreen id={route.id} />;
      break;
    case 'bookings':
      screen = <BookingsScreen />;
      break;
    case 'notifications':
      screen = <NotificationsScreen />;
      break;
  }

  return (
    <AppContext.Provider value={state}>
      <Header home={route.screen === 'home'} account={route.screen === 'account'} />
      {!online && (
        <p className="offline" role="status">
          {word(lang!, 'offline')}
        </p>
      )}
      <main id="main" className="main" tabIndex={-1}>
        <Suspense fallback={<Loader label={word(lang!, 'loading')} />}>{screen}</Suspense>
      </main>
      <BottomMenu route={route} />
    </AppContext.Provider>
  );
}

