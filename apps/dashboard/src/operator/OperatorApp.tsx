import { AppShell, Button, Center, Container, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { OPERATOR, operatorCalls } from '@campsite/shared';
import { keyOf, useCall, useCallMutation } from '../lib/query';
import { OperatorSignIn } from './OperatorSignIn';
import { MigrationsPanel } from './MigrationsPanel';
import { SitesPanel } from './SitesPanel';
import { UpsellsPanel } from './UpsellsPanel';

/** The session decides: the sign-in, or the console (its sites, their upsell requests). */
export function OperatorApp() {
  const session = useCall(operatorCalls.session, undefined, { retry: false });
  if (session.isPending) {
    return (
      <Center h="100vh" aria-busy="true">
        <Loader role="status" aria-label="Chargement" />
      </Center>
    );
  }
  if (!session.data) return <OperatorSignIn />;
  return <Console login={session.data.login} />;
}

function Console({ login }: { login: string }) {
  const client = useQueryClient();
  const logout = useCallMutation(operatorCalls.logout);
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between">
          <Title order={1} size="h4">
            {OPERATOR.title}
          </Title>
          <Group gap="sm">
            <Text size="sm">{login}</Text>
            <Button
              variant="default"
              size="xs"
              loading={logout.isPending}
              onClick={() => logout.mutate({}, { onSuccess: () => client.setQueryData(keyOf(operatorCalls.session), false) })}
            >
              Se déconnecter
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="xl">
          <Stack>
            <Tabs defaultValue="sites" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="sites">Campings</Tabs.Tab>
                <Tabs.Tab value="migrations">Mise à jour des bases</Tabs.Tab>
                <Tabs.Tab value="upsells">Demandes de formule Premium</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="sites" pt="md">
                <SitesPanel />
              </Tabs.Panel>
              <Tabs.Panel value="migrations" pt="md">
                <MigrationsPanel />
              </Tabs.Panel>
              <Tabs.Panel value="upsells" pt="md">
                <UpsellsPanel />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
