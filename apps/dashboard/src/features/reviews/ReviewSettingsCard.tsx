import { Group, NumberInput, TagsInput, TextInput } from '@mantine/core';
import type { ReviewSettings } from '@campsite/shared';
import { REVIEWS, reviewSettingsUpdate } from '@campsite/shared';
import type { Flash } from '../../components/flash';
import { useContractForm } from '../../components/form';
import { SettingsCard } from '../../components/FormCard';
import { useReviewSettings, useReviewSettingsUpdate } from './api/reviews-queries';

/**
 * The reviews' settings (ours, docs/reviews.md): the public review page offered to every respondent
 * after their answers (never only to happy ones: Google forbids it), and the alert e-mailed at once to
 * staff for a score at or below a threshold.
 */
export function ReviewSettingsCard({ flash }: { flash: Flash }) {
  const settings = useReviewSettings();
  if (!settings.data) return null;
  return <SettingsForm key={JSON.stringify(settings.data)} saved={settings.data} flash={flash} />;
}

function SettingsForm({ saved, flash }: { saved: ReviewSettings; flash: Flash }) {
  const update = useReviewSettingsUpdate();
  const f = useContractForm({
    initial: { ...saved } as ReviewSettings & Record<string, unknown>,
    schema: reviewSettingsUpdate,
    toBody: (v) => ({ public_link: v.public_link, public_link_label: v.public_link_label, alert_threshold: Number(v.alert_threshold) || 0, alert_emails: v.alert_emails }),
    save: (body) => update.mutateAsync(body),
    action: "Impossible d'enregistrer les paramètres des avis",
    success: REVIEWS.settingsSaved,
    flash,
  });
  // an address refused is 'alert_emails.2': shown on the field
  const emailsError = Object.entries(f.form.errors).find(([k]) => k.startsWith('alert_emails'))?.[1];
  return (
    <SettingsCard
      form={f}
      id="review-settings"
      title="Avis en ligne et alertes"
      description="Après ses réponses, chaque client se voit proposer votre page d'avis publique, quelle que soit sa note. Une note moyenne au plus égale au seuil prévient aussitôt l'équipe par e-mail."
      gap="sm"
    >
        <TextInput label="Lien de votre page d'avis publique" placeholder="https://g.page/r/…" {...f.form.getInputProps('public_link')} />
        <TextInput label="Nom affiché aux clients" placeholder="Google" maxLength={40} {...f.form.getInputProps('public_link_label')} />
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NumberInput label="Seuil d'alerte (sur 5)" description="0 : jamais" min={0} max={5} step={0.5} decimalScale={1} decimalSeparator="," w={170} {...f.form.getInputProps('alert_threshold')} />
          <TagsInput
            label="Destinataires de l'alerte"
            description="Vide : les comptes qui lisent les avis"
            placeholder="E-mail puis Entrée"
            style={{ flex: 1, minWidth: 220 }}
            value={f.form.values.alert_emails}
            onChange={(v) => f.form.setFieldValue('alert_emails', v)}
            error={emailsError}
            data-path="alert_emails"
          />
        </Group>
    </SettingsCard>
  );
}
