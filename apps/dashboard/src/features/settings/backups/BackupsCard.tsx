import { Anchor, Badge, Button, Group, NumberInput, Paper, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { BACKUPS, backupSettingsDoc, backups, formatDateTime, type BackupSettingsDoc, type BackupsState } from '@campsite/shared';
import { callUrl } from '@campsite/shared/client';
import { FlashBanner, useFlash, type Flash } from '../../../components/flash';
import { SettingsCard } from '../../../components/FormCard';
import { useContractForm } from '../../../components/form';
import { errorSentence } from '../../../lib/errors';
import { useSession } from '../../../shell/session';
import { useBackups, useSaveBackupSettings, useStartBackup } from '../api/backups-queries';

/** How many backups the list shows: the newest (the folder keeps about 11 with the default retention). */
const SHOWN = 15;

export const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} Mo` : `${Math.max(1, Math.round(bytes / 1024))} Ko`;

/**
 * The backups of issue 34 on the administrator screen (super only): the last outcome, the backups of
 * BACKUP_DIR with a download each, 'Sauvegarder maintenant', and the nightly hour and retention.
 */
export function BackupsSection() {
  const read = useBackups();
  const flash = useFlash();
  return (
    <Stack mt="xl" id="sauvegardes" gap="md">
      <Title order={2} size="h3">
        Sauvegardes
      </Title>
      <FlashBanner flash={flash} />
      {read.error ? (
        <Text c="red.8">{errorSentence('Impossible de récupérer les sauvegardes', read.error, 2)}</Text>
      ) : read.data ? (
        <>
          <BackupList state={read.data} flash={flash} />
          <BackupSettingsForm key={JSON.stringify(read.data.settings)} saved={read.data.settings} flash={flash} />
        </>
      ) : (
        <Text c="dimmed">Chargement des sauvegardes…</Text>
      )}
    </Stack>
  );
}

function BackupList({ state, flash }: { state: BackupsState; flash: Flash }) {
  const { timeZone } = useSession();
  const start = useStartBackup();
  async function onStart() {
    flash.clear();
    try {
      const { started } = await start.mutateAsync(undefined as never);
      if (started) flash.setSuccess(BACKUPS.started);
      else flash.setError(BACKUPS.alreadyRunning);
    } catch (err) {
      flash.setError(errorSentence('Impossible de lancer la sauvegarde', err, 2));
    }
  }
  const last = state.last;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="backups-list">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4" id="backups-list">
            Dernières sauvegardes
          </Title>
          <Button onClick={onStart} loading={start.isPending} disabled={state.running}>
            {state.running ? 'Sauvegarde en cours…' : 'Sauvegarder maintenant'}
          </Button>
        </Group>
        {last && !last.ok && (
          <Text c="red.8" data-testid="backup-failure">
            {BACKUPS.failedWarning} le {formatDateTime(last.at, timeZone)} : {last.error}
          </Text>
        )}
        {last?.ok && (
          <Text size="sm" c="dimmed">
            Dernière sauvegarde réussie le {formatDateTime(last.at, timeZone)}.
          </Text>
        )}
        {state.files.length === 0 ? (
          <Text c="dimmed">Aucune sauvegarde pour l'instant.</Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Taille</Table.Th>
                <Table.Th>État</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Télécharger</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state.files.slice(0, SHOWN).map((file) => {
                const when = formatDateTime(file.at, timeZone);
                return (
                  <Table.Tr key={file.name}>
                    <Table.Td>{when}</Table.Td>
                    <Table.Td>{size(file.bytes)}</Table.Td>
                    <Table.Td>
                      <Badge color="green" variant="light">
                        Réussie
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Anchor href={callUrl(backups.download, undefined, { name: file.name })} download={file.name} aria-label={`Télécharger la sauvegarde du ${when}`}>
                        Télécharger
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

type Values = { hour: string; daily: number | string; weekly: number | string };
// an emptied number field is refused with its sentence, never taken for 0
const num = (v: number | string) => (v === '' ? Number.NaN : Number(v));

function BackupSettingsForm({ saved, flash }: { saved: BackupSettingsDoc; flash: Flash }) {
  const save = useSaveBackupSettings();
  const f = useContractForm({
    initial: { ...saved } as Values & Record<string, unknown>,
    schema: backupSettingsDoc,
    toBody: (v) => ({ hour: v.hour.trim(), daily: num(v.daily), weekly: num(v.weekly) }),
    save: (body) => save.mutateAsync(body),
    action: "Impossible d'enregistrer les réglages des sauvegardes",
    success: BACKUPS.settingsSaved,
    flash,
  });
  return (
    <SettingsCard
      form={f}
      id="backup-settings"
      title="Sauvegarde de nuit"
      description="Chaque nuit à cette heure, le serveur enregistre une sauvegarde, puis garde la plus récente de chacun des derniers jours et de chacune des dernières semaines."
      gap="sm"
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput label="Heure (HH:MM)" description="Heure du camping" w={140} {...f.form.getInputProps('hour')} />
        <NumberInput label="Jours gardés" description="La plus récente de chaque jour" w={220} min={1} max={60} allowDecimal={false} {...f.form.getInputProps('daily')} />
        <NumberInput label="Semaines gardées" description="La plus récente de chaque semaine" w={220} min={0} max={52} allowDecimal={false} {...f.form.getInputProps('weekly')} />
      </Group>
    </SettingsCard>
  );
}
