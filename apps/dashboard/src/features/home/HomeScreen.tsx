import { Link } from 'react-router';
import { Anchor, Box, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { downloadPercent, stats } from '@campsite/shared';
import { FlashBanner, useFlash } from '../../components/flash';
import { NotificationForm } from '../../components/notifications';
import { PageHeader } from '../../components/PageHeader';
import { useCall } from '../../lib/query';
import { useHasScreen } from '../../shell/screens';
import { useSession } from '../../shell/session';
import { HomeWarnings } from './HomeWarnings';
import { TodayPanel } from './TodayPanel';
import { TodoList } from './TodoList';

const EVERYONE = { kind: 'all' } as const;

function Tile({ label, value }: { label: string; value: string | number | undefined }) {
  return (
    <Paper withBorder p="lg" radius="md" style={{ display: 'flex', flexDirection: 'column', justifyContent: 'space-between' }}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={36} mt={6} w={80} />
      ) : (
        <Text fz={32} fw={700} mt={4} data-testid={`tile-${label}`}>
          {value}
        </Text>
      )}
    </Paper>
  );
}

/**
 * 002 §2 'Tableau de bord': the four tiles, the link to statistics, and the form that sends a notification to
 * everyone; above them the reception's to-do list (issue 33) and the day's figures (issue 20). A link the
 * member's flags do not open is not shown (issue 32: 'Voir les statistiques' needs the stats flag).
 */
export default function HomeScreen() {
  const { has } = useSession();
  const logs = useCall(stats.logsCount);
  const actives = useCall(stats.countActives);
  const notifiable = useCall(stats.notificationsCount);
  const hasScreen = useHasScreen();
  const flash = useFlash();
  return (
    <>
      <PageHeader title="Tableau de bord" />
      <FlashBanner flash={flash} />
      <HomeWarnings />
      <TodoList flash={flash} />
      <TodayPanel />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <Tile label="Utilisateurs" value={actives.data} />
        <Tile label="Pages visitées" value={logs.data?.count} />
        <Tile label="Utilisateurs avec notifications" value={notifiable.data} />
        <Tile
          label="Visites depuis l'application téléchargée"
          value={logs.data ? downloadPercent(logs.data.installed, logs.data.nb_users) : undefined}
        />
      </SimpleGrid>
      {has('stats') && hasScreen('/stats') && (
        <Anchor component={Link} to="/stats" mt="lg" display="inline-block">
          Voir les statistiques
        </Anchor>
      )}
      <Box mt="xl" maw={720}>
        <NotificationForm title="Envoyer une notification" target={EVERYONE} flash={flash} focusOnOpen={false} />
      </Box>
    </>
  );
}
