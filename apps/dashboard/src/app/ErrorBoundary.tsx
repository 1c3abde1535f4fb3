import { Component, type ReactNode } from 'react';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';

const RELOADED = 'chunk-reload';

/**
 * A screen that fails to render shows a French message instead of a blank page. A screen whose code
 * cannot be loaded (an old build's chunk after a deploy) reloads the page once to get the new build.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error) {
    const chunk = /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);
    // at most one reload in 30 s, so a chunk that is really gone ends on the message, not in a loop
    const last = Number(sessionStorage.getItem(RELOADED) ?? 0);
    if (chunk && Date.now() - last > 30_000) {
      sessionStorage.setItem(RELOADED, String(Date.now()));
      window.location.reload();
      return;
    }
    console.error(error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Paper withBorder p="xl" maw={560}>
        <Stack>
          <Title order={2}>Une erreur s'est produite</Title>
          <Text>Cet écran n'a pas pu s'afficher. Rechargez la page ; si l'erreur persiste, contactez-nous.</Text>
          <Button onClick={() => window.location.reload()} w="fit-content">
            Recharger la page
          </Button>
        </Stack>
      </Paper>
    );
  }
}
