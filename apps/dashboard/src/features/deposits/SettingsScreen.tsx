import { useRef, useState } from 'react';
import { Group, NumberInput, Paper, PasswordInput, Radio, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { DEPOSITS, INVENTORIES, depositConfigUpdate, deposits, type Accommodation, type DepositConfig } from '@campsite/shared';
import { FlashBanner, useFlash, type Flash } from '../../components/flash';
import { FormFailure, useContractForm, useFreshRead } from '../../components/form';
import { SettingsCard } from '../../components/FormCard';
import { ReadView } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { errorSentence } from '../../lib/errors';
import { useAskedNow } from './AskedNow';
import { useAccommodationTypes, useDepositConfig, useDepositConfigUpdate, useDepositSwitch } from './api/deposits-queries';

const CRUMBS = [{ label: DEPOSITS.crumb, to: '/deposit/users-deposit' }, { label: DEPOSITS.settingsTitle }];

/** 002 §2 'Deposit settings': which accommodation types ask for a deposit, and the Swikly account. */
export default function SettingsScreen() {
  const flash = useFlash();
  return (
    <>
      <PageHeader title={DEPOSITS.settingsTitle} crumbs={CRUMBS} />
      <FlashBanner flash={flash} />
      <Stack maw={760}>
        <Types flash={flash} />
        <ProviderCard />
      </Stack>
    </>
  );
}

function Types({ flash }: { flash: Flash }) {
  const types = useAccommodationTypes();
  const update = useDepositSwitch();
  const config = useDepositConfig();
  const fresh = useFreshRead();
  const askedNow = useAskedNow();
  const [busy, setBusy] = useState<string | null>(null);
  // the choice shows at once; a refusal puts the saved one back
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  /** Switching a type on while deposits are on: how many of its guests would be asked at once, and staff choose (issue 32). */
  async function choose(a: Accommodation): Promise<boolean | null> {
    const c = config.data;
    if (!c?.activate) return false;
    const preview = await fresh(deposits.preview, { activate: true, days: c.days, type: a._id }).catch((err: unknown) => {
      flash.setError(errorSentence(DEPOSITS.updateAccommodation, err, 2));
      return null;
    });
    if (!preview) return null;
    if (preview.count === 0) return false;
    const choice = await askedNow.ask(preview);
    return choice === null ? null : choice === 'from_now';
  }
  async function set(a: Accommodation, deposit: boolean) {
    const fromNow = deposit ? await choose(a) : false;
    // cancelled: the radio stays as saved
    if (fromNow === null) return;
    setBusy(a._id);
    setChosen((c) => ({ ...c, [a._id]: deposit }));
    const back = () => setChosen(({ [a._id]: _, ...rest }) => rest);
    try {
      if (await update.mutateAsync({ id: a._id, deposit, from_now: fromNow })) flash.setSuccess(DEPOSITS.accommodationUpdated);
      else {
        back();
        flash.setError(errorSentence(DEPOSITS.updateAccommodation, null, 1));
      }
    } catch (err) {
      back();
      flash.setError(errorSentence(DEPOSITS.updateAccommodation, err, 2));
    } finally {
      setBusy(null);
    }
  }
  return (
    <Paper withBorder p="lg" radius="md" aria-labelledby="deposit-types">
      <Title order={2} size="h4" id="deposit-types" mb="xs">
        Hébergements soumis à caution
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Une demande de caution est envoyée au client de chaque séjour dans un hébergement marqué « Oui ».
      </Text>
      <ReadView read={types} failed={DEPOSITS.readAccommodations} empty={`Aucun hébergement : créez-les depuis « ${INVENTORIES.accommodationsTitle} ».`}>
        {(list) => (
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Hébergement</Table.Th>
                <Table.Th w={160}>Caution</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((a) => (
                <Table.Tr key={a._id}>
                  <Table.Td>{a.name}</Table.Td>
                  <Table.Td>
                    <Group gap="md" role="radiogroup" aria-label={`Caution pour ${a.name}`}>
                      {([true, false] as const).map((yes) => (
                        <Radio
                          key={String(yes)}
                          name={`deposit-${a._id}`}
                          label={yes ? 'Oui' : 'Non'}
                          checked={(chosen[a._id] ?? a.deposit) === yes}
                          disabled={busy === a._id}
                          onChange={() => void set(a, yes)}
                        />
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </ReadView>
      {askedNow.dialog}
    </Paper>
  );
}

function ProviderCard() {
  const config = useDepositConfig();
  // the banner outlives the form, which starts afresh from what the server saved
  const flash = useFlash();
  return (
    <ReadView read={config} failed={DEPOSITS.readConfig} empty="">
      {(c) => <ProviderForm key={JSON.stringify(c)} config={c} flash={flash} />}
    </ReadView>
  );
}

interface Values extends Record<string, unknown> {
  activate: boolean;
  amount: number | string;
  userId: string;
  secret: string;
  days: number | string;
}

const valuesOf = (config: DepositConfig): Values => ({ activate: config.activate, amount: config.amount, userId: config.userId, secret: '', days: config.days });

function ProviderForm({ config, flash }: { config: DepositConfig; flash: Flash }) {
  const update = useDepositConfigUpdate();
  const fresh = useFreshRead();
  const askedNow = useAskedNow();
  // what staff answered for the guests this save asks at once (issue 32), read by `save`
  const fromNow = useRef(false);
  const f = useContractForm({
    initial: valuesOf(config),
    revision: config.revision,
    reload: async () => {
      const now = await fresh(deposits.config);
      return { values: valuesOf(now), revision: now.revision };
    },
    schema: depositConfigUpdate,
    toBody: (v) => ({ activate: v.activate, amount: v.amount === '' ? Number.NaN : Number(v.amount), userId: v.userId.trim(), secret: v.secret.trim(), days: v.days === '' ? Number.NaN : Number(v.days) }),
    // switching on or raising the lead time: how many guests would be asked at once, and staff choose
    ask: async (v) => {
      fromNow.current = false;
      const days = Number(v.days);
      if (!v.activate || (config.activate && days <= config.days)) return true;
      const preview = await fresh(deposits.preview, { activate: true, days }).catch((err: unknown) => {
        flash.setError(errorSentence(DEPOSITS.updateConfig, err, 2));
        return null;
      });
      if (!preview) return false;
      if (preview.count === 0) return true;
      const choice = await askedNow.ask(preview);
      fromNow.current = choice === 'from_now';
      return choice !== null;
    },
    save: (body) => update.mutateAsync({ ...body, from_now: fromNow.current }),
    action: DEPOSITS.updateConfig,
    success: DEPOSITS.settingsUpdated,
    flash,
  });
  return (
    <SettingsCard
      form={f}
      id="deposit-provider"
      title="Compte Swikly"
      description={config.mode === 'simulator' && "Mode démonstration : les demandes vont au simulateur Swikly local, aucune carte n'est débitée."}
    >
        <FlashBanner flash={flash} />
        <FormFailure form={f} />
        <Switch label="Activer les cautions" {...f.form.getInputProps('activate', { type: 'checkbox' })} />
        <NumberInput label="Montant de la caution (€)" min={0} decimalScale={2} decimalSeparator="," thousandSeparator=" " w={240} required {...f.form.getInputProps('amount')} />
        <NumberInput
          label="Envoi de la demande (jours avant l'arrivée)"
          description="Le client reçoit le lien de dépôt par e-mail et dans l'application ce nombre de jours avant son arrivée."
          min={0}
          max={60}
          allowDecimal={false}
          w={360}
          {...f.form.getInputProps('days')}
        />
        <TextInput label="User ID" description="32 caractères, fourni par Swikly." maxLength={64} autoComplete="off" spellCheck={false} {...f.form.getInputProps('userId')} />
        <PasswordInput
          label="Clé secrète"
          description={config.secret_set ? `Clé enregistrée (${config.secret_mask}). Laissez vide pour la conserver.` : '16 caractères, fournie par Swikly.'}
          autoComplete="new-password"
          maxLength={64}
          {...f.form.getInputProps('secret')}
        />
        {askedNow.dialog}
    </SettingsCard>
  );
}
