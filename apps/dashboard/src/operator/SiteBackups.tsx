import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { operatorCalls, SITE_CARE, siteCareCalls, type OperatorSite, type SiteTask } from '@campsite/shared';
import { callUrl } from '@campsite/shared/client';
import { errorSentence } from '../lib/errors';
import { dayTime } from '../lib/format';
import { keyOf, useCall, useCallMutation } from '../lib/query';
import { size } from '../features/settings/backups/BackupsCard';

const TZ = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** How often the dialog reads the task's progress while it runs. */
const POLL_MS = 1000;

const STATE_WORDS: Record<SiteTask['state'], string> = { running: SITE_CARE.running, done: SITE_CARE.done, failed: SITE_CARE.failed };

/**
 * A site's backups in the console: its last task (backup, restore, move) and its progress, 'Sauvegarder
 * maintenant', its files with a download and a restore each (confirmed, naming the site and the file), and
 * its move to another PostgreSQL database.
 */
export function SiteBackups({ site }: { site: OperatorSite }) {
  const client = useQueryClient();
  const read = useCall(siteCareCalls.backups, { id: site._id }, { refetchInterval: (q) => (q.state.data && q.state.data.task?.state === 'running' ? POLL_MS : false) });
  const backup = useCallMutation(siteCareCalls.backup, [siteCareCalls.backups]);
  const restore = useCallMutation(siteCareCalls.restore, [siteCareCalls.backups]);
  const move = useCallMutation(siteCareCalls.move, [siteCareCalls.backups]);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const task = read.data ? read.data.task : null;
  const running = task?.state === 'running';

  // a task that ends changes the site's row (its state, its last backup): the table reads it again
  // the question gets the focus (its safe answer), so that a keyboard answers it where it appears
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) cancel.current?.focus();
  }, [confirming]);
  const was = useRef(running);
  useEffect(() => {
    if (was.current && !running) void client.invalidateQueries({ queryKey: keyOf(operatorCalls.sites) });
    was.current = running;
  }, [running, client]);

  const go = async (action: string, send: () => Promise<unknown>) => {
    setError(null);
    try {
      await send();
    } catch (err) {
      setError(errorSentence(action, err));
    }
  };

  if (read.isPending) return <Loader role="status" aria-label="Chargement" />;
  if (read.isError) return <Alert color="red">{errorSentence('Impossible de récupérer les sauvegardes', read.error)}</Alert>;
  if (!read.data) return <Text>{'Ce site n’existe plus.'}</Text>;
  const { files } = read.data;
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm">{files.length ? `${files.length} sauvegarde${files.length > 1 ? 's' : ''}` : SITE_CARE.noBackup}</Text>
        <Button loading={backup.isPending} disabled={running} onClick={() => void go('Impossible de lancer la sauvegarde', () => backup.mutateAsync({ id: site._id }))}>
          {SITE_CARE.backupNow}
        </Button>
      </Group>
      <div role="status" aria-live="polite">
        {task && (
          <Text size="sm" c={task.state === 'failed' ? 'red.8' : undefined} data-testid="site-task">
            {running && <Loader size="xs" mr="xs" aria-hidden />}
            {SITE_CARE.kind[task.kind]} {STATE_WORDS[task.state]} ({dayTime(task.started_at, TZ)}) : {task.step}
          </Text>
        )}
      </div>
      {error && (
        <Alert color="red" role="alert" withCloseButton closeButtonLabel="Fermer" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {confirming && (
        <Alert color="orange" title={SITE_CARE.restoreTitle} role="alertdialog" aria-label={SITE_CARE.restoreTitle}>
          <Stack gap="xs">
            <Text size="sm">{SITE_CARE.restoreConfirm(site.dashboard_host, confirming)}</Text>
            <Group>
              <Button
                color="red"
                size="xs"
                loading={restore.isPending}
                onClick={() =>
                  void go('Impossible de lancer la restauration', async () => {
                    await restore.mutateAsync({ id: site._id, file: confirming });
                    setConfirming(null);
                  })
                }
              >
                {SITE_CARE.restore}
              </Button>
              <Button ref={cancel} variant="default" size="xs" onClick={() => setConfirming(null)}>
                {SITE_CARE.cancel}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {files.length > 0 && (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fichier</Table.Th>
              <Table.Th>Taille</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files.map((f) => (
              <Table.Tr key={f.name}>
                <Table.Td>
                  <Text size="sm">{dayTime(f.at, TZ)}</Text>
                  <Text size="xs" c="dimmed">
                    {f.name}
                  </Text>
                </Table.Td>
                <Table.Td>{size(f.bytes)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Anchor size="sm" href={callUrl(siteCareCalls.download, { id: site._id, name: f.name })} download={f.name} aria-label={`${SITE_CARE.download} ${f.name}`}>
                      {SITE_CARE.download}
                    </Anchor>
                    <Button size="compact-xs" variant="default" disabled={running} onClick={() => setConfirming(f.name)} aria-label={`${SITE_CARE.restore} depuis ${f.name}`}>
                      {SITE_CARE.restore}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void go('Impossible de déplacer le site', async () => {
            await move.mutateAsync({ id: site._id, database_url: target });
            setTarget('');
          });
        }}
      >
        <Group align="flex-end">
          <TextInput
            style={{ flex: 1 }}
            label="Déplacer vers une autre base PostgreSQL (vide)"
            description="Le site est suspendu, sauvegardé, restauré dans la nouvelle base puis de nouveau servi ; l’ancienne base est laissée telle quelle."
            placeholder="postgres://utilisateur@serveur/base"
            value={target}
            onChange={(e) => setTarget(e.currentTarget.value)}
          />
          <Button type="submit" variant="default" loading={move.isPending} disabled={running}>
            Déplacer
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
