import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './app/App';
import { ConfirmProvider } from './components/confirm';
import { UnsavedProvider } from './components/unsaved';
import { cssVariables, theme } from './app/theme';
import { checkVersion, registerServiceWorker } from './app/startup';

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 10_000 } },
});

// a data router, for the unsaved-changes guard (useBlocker); the screens' own <Routes> sit under its splat
const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <ConfirmProvider>
        <UnsavedProvider>
          <App />
        </UnsavedProvider>
      </ConfirmProvider>
    ),
  },
]);

void checkVersion();
registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
