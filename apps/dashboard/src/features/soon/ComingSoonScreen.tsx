import { Link, useLocation } from 'react-router';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { NAV } from '../../shell/nav';
import { useSession } from '../../shell/session';
import { PageHeader } from '../../components/PageHeader';
import { screenTitle } from '../../shell/titles';

/** The sidebar entry (and its group) of a path. */
function entryOf(pathname: string) {
  for (const e of NAV) {
    if (e.path === pathname) return { label: e.label, group: undefined };
    const child = e.children?.find((c) => c.path === pathname);
    if (child) return { label: child.label, group: e.label };
  }
  // a deep link below an entry (an inventory's setup): the screen's own name
  return { label: screenTitle(pathname) ?? 'Bientôt disponible', group: undefined };
}

/**
 * The screen of a sidebar entry whose area is not built yet: it says so, rather than sending the
 * user back to the home without a word.
 */
export default function ComingSoonScreen() {
  const { pathname } = useLocation();
  const { has } = useSession();
  const { label, group } = entryOf(pathname);
  return (
    <>
      <PageHeader title={label} crumbs={group ? [{ label: group }, { label }] : []} />
      <Paper withBorder p="xl" radius="md" maw={640}>
        <Stack align="flex-start" gap="sm">
          <IconClock size={32} stroke={1.5} aria-hidden color="var(--mantine-color-blue-8)" />
          <Title order={2} size="h3">
            Bientôt disponible
          </Title>
          <Text>Cet espace arrive prochainement dans votre tableau de bord. Les autres rubriques du menu sont déjà utilisables.</Text>
          {has('homepage') && (
            <Button component={Link} to="/" variant="light">
              Retour au tableau de bord
            </Button>
          )}
        </Stack>
      </Paper>
    </>
  );
}
