import type { ReactNode } from 'react';
import { Route, RouterProvider, Routes, createMemoryRouter } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { AdminConfig, GlobalConfig, Permission } from '@campsite/shared';
import { BUILT_PATHS } from './app/routes';
import { ScreensProvider } from './shell/screens';
import { SessionProvider } from './shell/session';
import { ConfirmProvider } from './components/confirm';
import { UnsavedProvider } from './components/unsaved';

/** A signed-in establishment in French with English and German enabled, for component tests. */
export const GLOBAL: GlobalConfig = {
  establishment: 'Camping des Tests',
  features: 'premium',
  'webapp-connexion': true,
  'lang-default': 'fr',
  langs: { fr: true, en: true, de: true, nl: false, it: false, es: false, pt: false },
  'send-mail-cron': false,
  'nb-days-mail-cron': [],
  'background-img': null,
  'welcome-txt': [],
  'time-zone': 'Europe/Paris',
};
const ADMIN = { features: 'premium' } as AdminConfig;
const USER = { _id: 'u1', lastname: 'Martin', firstname: 'Léa', email: 'lea@camping.test', username: 'lea', avatar: null, permissions: { rubrics: 1 }, created_time: 0, edited_time: 0 } as const;

/**
 * Renders screens inside the app's providers and a memory data router: `routes` maps paths to
 * elements, the first path is where it starts; `permissions` are the signed-in staff member's flags,
 * `plan` the establishment's (premium unless said).
 */
export function renderApp(routes: Record<string, ReactNode>, { permissions, plan }: { permissions?: Partial<Record<Permission, 0 | 1>>; plan?: AdminConfig['features'] } = {}) {
  const user = permissions ? { ...USER, permissions } : USER;
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ConfirmProvider>
            <UnsavedProvider>
              <SessionProvider user={user} global={GLOBAL} admin={plan ? { ...ADMIN, features: plan } : ADMIN}>
                <ScreensProvider paths={BUILT_PATHS}>
                  <RoutesOf routes={routes} />
                </ScreensProvider>
              </SessionProvider>
            </UnsavedProvider>
          </ConfirmProvider>
        ),
      },
    ],
    { initialEntries: [Object.keys(routes)[0]] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router };
}

function RoutesOf({ routes }: { routes: Record<string, ReactNode> }) {
  return (
    <Routes>
      {Object.entries(routes).map(([path, el]) => (
        <Route key={path} path={path} element={el} />
      ))}
    </Routes>
  );
}
