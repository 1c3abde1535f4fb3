import { Button, Group, Stack, Text } from '@mantine/core';
import type { DeskStay } from '@campsite/shared';
import { DESK } from '@campsite/shared';
import { dayTime } from '../../../lib/format';
import { useSession } from '../../../shell/session';
import { Block } from './blocks';

const AREA: Record<DeskStay['timeline']['rows'][number]['area'], string> = {
  stay: 'Séjour',
  app: 'Application',
  deposit: 'Caution',
  inventory: 'Inventaire',
  booking: 'Réservation',
  message: 'Message',
  review: 'Avis',
  mail: 'E-mail',
  push: 'Notification',
};

/** What happened to the stay, newest first (the areas the member sees); 'Voir plus' reads older lines. */
export function Timeline({ page, onMore, loading }: { page: DeskStay; onMore(): void; loading: boolean }) {
  const { timeZone } = useSession();
  const { rows, more } = page.timeline;
  return (
    <Block title={DESK.timeline} id="block-timeline">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {DESK.noEvent}
        </Text>
      ) : (
        <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-labelledby="block-timeline">
          {rows.map((e, i) => (
            <li key={`${e.time}-${i}`}>
              <Group gap="xs" wrap="nowrap" align="baseline">
                <Text size="xs" c="dimmed" w={130} style={{ flexShrink: 0 }}>
                  {dayTime(e.time, timeZone)}
                </Text>
                <Text size="sm">
                  <Text span size="xs" c="dimmed" fw={600}>
                    {AREA[e.area]}
                  </Text>{' '}
                  {e.text}
                </Text>
              </Group>
            </li>
          ))}
        </Stack>
      )}
      {more && (
        <Button size="xs" variant="light" mt="sm" loading={loading} onClick={onMore}>
          {DESK.more}
        </Button>
      )}
    </Block>
  );
}
