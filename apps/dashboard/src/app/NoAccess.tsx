import { Paper, Text, Title } from '@mantine/core';

export function NoAccess() {
  return (
    <Paper p="xl" withBorder maw={560}>
      <Title order={2} mb="sm">
        Bienvenue
      </Title>
      <Text>Votre compte n'a accès à aucune section pour le moment. Demandez à un administrateur de vous donner les droits nécessaires.</Text>
    </Paper>
  );
}
