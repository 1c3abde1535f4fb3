import { Suspense, useEffect, useRef } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { SECTION_ORDER } from '../shell/nav';
import { BUILT_PATHS, ROUTES, hasScreen } from './routes';
import type { AppRoute } from '../shell/screen';
import { LoginScreen } from './LoginScreen';
import { ScreensProvider } from '../shell/screens';
import { SessionProvider, useSession, useSessionQuery, useShellData } from '../shell/session';
import { Shell } from './Shell';
import { NoAccess } from './NoAccess';
import { ErrorBoundary } from './ErrorBoundary';
import { UpsellScreen } from '../components/Upsell';
import { ChoosePasswordScreen, WELCOME_PATH } from '../features/welcome/ChoosePasswordScreen';

export function FullLoader() {
  return (
    <Center h="100vh" aria-busy="true">
      <Loader role="status" aria-label="Chargement" />
    </Center>
  );
}

/** Session undefined → loader; null/false → login; a user → the shell once plan and languages are known. */
export function App() {
  const session = useSessionQuery();
  const user = session.data || null;
  const shell = useShellData(!!user);
  const { pathname } = useLocation();
  // the first e-mail's link to a new site's manager, whoever is signed in on this browser
  if (pathname === WELCOME_PATH) return <ChoosePasswordScreen />;
  if (session.isPending) return <FullLoader />;
  if (!user) return <LoginScreen />;
  if (!shell.global || !shell.admin) return <FullLoader />;
  return (
    <SessionProvider user={user} global={shell.global} admin={shell.admin}>
      <ScreensProvider paths={BUILT_PATHS}>
        <Shell>
          <Screens />
        </Shell>
      </ScreensProvider>
    </SessionProvider>
  );
}

function Guarded({ route }: { route: AppRoute }) {
  const { has, plan } = useSession();
  if (route.path === '/') return <Home route={route} />;
  if (route.flag && !has(route.flag)) return <Navigate to="/" replace />;
  if (route.plan && plan !== route.plan) return <UpsellScreen {...route.upsell} />;
  const Screen = route.screen;
  return <Screen />;
}

/** The home needs the homepage flag, otherwise the first permitted section (000 §6); never a loop. */
function Home({ route }: { route: AppRoute }) {
  const { has } = useSession();
  if (has('homepage')) {
    const Screen = route.screen;
    return <Screen />;
  }
  const first = SECTION_ORDER.find((s) => has(s.flag) && hasScreen(s.path));
  return first ? <Navigate to={first.path} replace /> : <NoAccess />;
}

export function Screens() {
  const location = useLocation();
  // a link followed again (even to the same screen) starts the screen afresh; a screen that only
  // replaces its own address (page, sort, search of a list) keeps its state
  const type = useNavigationType();
  const screenKey = useRef(location.key);
  if (type !== 'REPLACE') screenKey.current = location.key;
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);
  return (
    // the location key remounts a screen when its own link is followed again: its state resets
    <ErrorBoundary key={screenKey.current}>
      <Suspense fallback={<Center h={300}><Loader role="status" aria-label="Chargement" /></Center>}>
        <Routes>
          {ROUTES.map((r) => (
            <Route key={r.path} path={r.path} element={<Guarded route={r} />} />
          ))}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
