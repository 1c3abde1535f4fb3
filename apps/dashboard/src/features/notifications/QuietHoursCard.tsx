import { Group, TextInput } from '@mantine/core';
import { NOTIFICATIONS, notificationSettingsDoc } from '@campsite/shared';
import type { Flash } from '../../components/flash';
import { useContractForm } from '../../components/form';
import { SettingsCard } from '../../components/FormCard';
import { useNotificationSettings, useSettingsUpdate } from '../../components/notifications';

/**
 * The quiet hours (issue 21): within them a scheduled or automatic push waits for their end, and an
 * immediate send by staff asks 'Envoyer quand même ?'. Start = end means none.
 */
export function QuietHoursCard({ flash }: { flash: Flash }) {
  const settings = useNotificationSettings();
  if (!settings.data) return null;
  return <QuietHoursForm key={`${settings.data.quiet_start}-${settings.data.quiet_end}`} start={settings.data.quiet_start} end={settings.data.quiet_end} flash={flash} />;
}

function QuietHoursForm({ start, end, flash }: { start: string; end: string; flash: Flash }) {
  const update = useSettingsUpdate();
  const f = useContractForm({
    initial: { quiet_start: start, quiet_end: end },
    schema: notificationSettingsDoc.omit({ public_key: true }),
    toBody: (v) => v,
    save: (body) => update.mutateAsync(body),
    action: NOTIFICATIONS.cannotSaveQuietHours,
    success: NOTIFICATIONS.quietHoursSaved,
    flash,
  });
  return (
    <SettingsCard
      form={f}
      id="quiet-hours"
      title="Heures calmes"
      description="Dans cette plage (heure de l'établissement), les envois programmés et automatiques attendent sa fin ; un envoi immédiat demande confirmation. La même heure au début et à la fin : pas d'heures calmes."
      gap="sm"
    >
      <Group gap="sm" align="flex-start">
        <TextInput type="time" label="Début" required w={140} {...f.form.getInputProps('quiet_start')} />
        <TextInput type="time" label="Fin" required w={140} {...f.form.getInputProps('quiet_end')} />
      </Group>
    </SettingsCard>
  );
}
