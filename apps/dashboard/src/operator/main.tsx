import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cssVariables, theme } from '../app/theme';
import { OperatorApp } from './OperatorApp';

// The operator console (issue 35, docs/multisite.md): the dashboard's second entry, served on OPERATOR_HOST.
const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 5_000 } } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables}>
      <QueryClientProvider client={queryClient}>
        <OperatorApp />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
