import { Checkbox, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { INVENTORIES, inventoryConfigUpdate, type InventoryConfig } from '@campsite/shared';
import { SettingsCard } from '../../components/FormCard';
import { FormFailure, langTexts, toTranslations, useContractForm, type LangTexts } from '../../components/form';
import { useFlash, FlashBanner } from '../../components/flash';
import { LanguageTabs, TranslatedInput } from '../../components/translated';
import { ReadView } from '../../components/list';
import { useSession } from '../../shell/session';
import { useConfigUpdate, useInventoryConfig } from './api/inventories-queries';

/** 002 §2 'Mes inventaires', the general settings card: who fills which inventory, for how long, and the intro text. */
export function ConfigCard() {
  const config = useInventoryConfig();
  return (
    <ReadView read={config} failed={INVENTORIES.cannotReadConfig} empty="">
      {(c) => <ConfigForm key={JSON.stringify(c)} config={c} />}
    </ReadView>
  );
}

interface Values extends Record<string, unknown> {
  arrival: boolean;
  departure: boolean;
  arrival_staff: boolean;
  arrival_user: boolean;
  departure_staff: boolean;
  departure_user: boolean;
  delay: string;
  comment: LangTexts;
}

function ConfigForm({ config }: { config: InventoryConfig }) {
  const { langs, defaultLang } = useSession();
  const flash = useFlash();
  const update = useConfigUpdate();
  const f = useContractForm({
    initial: {
      arrival: config.arrival,
      departure: config.departure,
      arrival_staff: config.arrival_staff,
      arrival_user: config.arrival_user,
      departure_staff: config.departure_staff,
      departure_user: config.departure_user,
      delay: config.delay ? String(config.delay) : '',
      comment: langTexts(config.translations, 'comment'),
    } as Values,
    schema: inventoryConfigUpdate,
    toBody: ({ comment, delay, ...v }) => ({ ...v, delay: delay.trim(), translations: toTranslations({ comment }, langs, defaultLang) }),
    save: (body) => update.mutateAsync(body),
    action: INVENTORIES.cannotUpdateConfig,
    success: INVENTORIES.configUpdated,
    flash,
  });
  const values = f.form.values;
  const direction = (key: 'arrival' | 'departure', label: string) => (
    <Stack gap={6}>
      <Switch label={label} {...f.form.getInputProps(key, { type: 'checkbox' })} />
      {values[key] && (
        <Group gap="lg" pl={54} role="group" aria-label={`Qui remplit : ${label.toLowerCase()}`}>
          <Checkbox label="Le client (application)" {...f.form.getInputProps(`${key}_user`, { type: 'checkbox' })} />
          <Checkbox label="L'établissement" {...f.form.getInputProps(`${key}_staff`, { type: 'checkbox' })} />
        </Group>
      )}
    </Stack>
  );
  return (
    <SettingsCard form={f} id="inventory-settings" title="Paramètres généraux" aside={<LanguageTabs form={f} />} maw={760}>
        <FlashBanner flash={flash} />
        <FormFailure form={f} />
        {direction('arrival', "Inventaire d'entrée")}
        {direction('departure', 'Inventaire de sortie')}
        <TextInput
          label="Durée de validité (heures)"
          description="Le temps laissé au client pour remplir son inventaire depuis l'application."
          placeholder="48"
          inputMode="numeric"
          w={280}
          required
          {...f.form.getInputProps('delay')}
        />
        <TranslatedInput form={f} field="comment" label="Texte d'introduction" kind="long" max={1200} required={false} />
        <Text size="sm" c="dimmed">
          Ce texte est montré au client en tête de son inventaire dans l'application.
        </Text>
    </SettingsCard>
  );
}
