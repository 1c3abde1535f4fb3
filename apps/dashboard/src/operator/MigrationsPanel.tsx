import { useState } from 'react';
import { Alert, Button, Group, List, Loader, Progress, Stack, Text } from '@mantine/core';
import { SITE_CARE, siteCareCalls } from '@campsite/shared';
import { errorSentence } from '../lib/errors';
import { dayTime } from '../lib/format';
import { useCall, useCallMutation } from '../lib/query';

const TZ = Intl.DateTimeFormat().resolvedOptions().timeZone;
const POLL_MS = 1000;

/** The rolling migration of every site's database: started here, its progress (n of N, the site, the failures). */
export function MigrationsPanel() {
  const read = useCall(siteCareCalls.migrations, undefined, { refetchInterval: (q) => (q.state.data && q.state.data.state === 'running' && !q.state.data.interrupted ? POLL_MS : false) });
  const start = useCallMutation(siteCareCalls.migrate, [siteCareCalls.migrations]);
  const [error, setError] = useState<string | null>(null);
  const run = read.data || null;
  const running = run?.state === 'running' && !run.interrupted;
  return (
    <Stack>
      <Group justify="space-between">
        <Text fw={600} component="h2" size="lg" m={0}>
          {SITE_CARE.migrations}
        </Text>
        <Button
          loading={start.isPending}
          disabled={running}
          onClick={() => {
            setError(null);
            start.mutateAsync({}).catch((err: unknown) => setError(errorSentence('Impossible de lancer la mise à jour', err)));
          }}
        >
          {SITE_CARE.migrateAll}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {SITE_CARE.migrationsHelp}
      </Text>
      {error && (
        <Alert color="red" role="alert" withCloseButton closeButtonLabel="Fermer" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {read.isPending && <Loader role="status" aria-label="Chargement" />}
      {read.isError && <Alert color="red">{errorSentence('Impossible de récupérer la mise à jour', read.error)}</Alert>}
      <div role="status" aria-live="polite">
        {read.data === false && <Text c="dimmed">{SITE_CARE.noMigration}</Text>}
        {run && (
          <Stack gap="xs">
            <Text size="sm">
              Lancée le {dayTime(run.started_at, TZ)}
              {run.ended_at ? `, terminée le ${dayTime(run.ended_at, TZ)}` : ''} : {SITE_CARE.progress(run.done, run.total)}
            </Text>
            <Progress value={run.total ? (run.done / run.total) * 100 : 100} aria-label={SITE_CARE.progress(run.done, run.total)} color={run.failures.length ? 'orange' : 'teal'} />
            {running && run.current_host && <Text size="sm">{SITE_CARE.current(run.current_host)}</Text>}
            {run.interrupted && <Text c="red.8">{SITE_CARE.interrupted}</Text>}
            {run.state === 'done' && <Text size="sm">{SITE_CARE.migrationDone(run.failures.length)}</Text>}
            {run.failures.length > 0 && (
              <List size="sm">
                {run.failures.map((f) => (
                  <List.Item key={f.site}>
                    <Text span fw={600} size="sm">
                      {f.host}
                    </Text>{' '}
                    : <Text span size="sm" c="red.8">{f.reason}</Text>
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        )}
      </div>
    </Stack>
  );
}
