import { ScreenLoader } from '../../components/ListStates';
import { useState } from 'react';
import { Button, Grid, Group, Paper, PasswordInput, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { AdminConfig } from '@campsite/shared';
import { M, PMS_NAMES, adminUpdate, formatDateTime } from '@campsite/shared';
import { useSession } from '../../app/session';
import { FlashBanner, useFlash } from '../../components/flash';
import { PageHeader } from '../../components/PageHeader';
import { fieldErrors } from '../../lib/errors';
import { validate } from '../../lib/form';
import { useAdminConfig, useUpdateAdmin } from './api/settings-queries';
import { ApiError } from '@campsite/shared/client';

/** 002 §4 'PMS settings': choosing a PMS presets its import period (and separator). */
export const PMS_PRESETS: Partial<Record<(typeof PMS_NAMES)[number], { period: string; separator?: string }>> = {
  inaxel: { period: '1030', separator: ';' },
  'e-season': { period: '1030', separator: ';' },
  logmis: { period: '1030', separator: ';' },
  hippocamp: { period: '0500' },
  applicamp: { period: '0600' },
};

/** 002 §2 'Administrator settings' (super only): plan, connection options, e-mail copies, PMS gateway. */
export default function AdminSettingsScreen() {
  const { data } = useAdminConfig();
  return (
    <>
      <PageHeader title="Paramètres administrateur" crumbs={[{ label: 'Paramètres', to: '/administration/parametres' }, { label: 'Administrateur' }]} />
      {data ? (
        <AdminForm initial={data} />
      ) : (
        <ScreenLoader />
      )}
    </>
  );
}

function AdminForm({ initial }: { initial: AdminConfig }) {
  const { timeZone } = useSession();
  const [form, setForm] = useState<AdminConfig>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const flash = useFlash();
  const save = useUpdateAdmin();
  const setPms = (k: keyof AdminConfig['config_pms'], v: string) => setForm((f) => ({ ...f, config_pms: { ...f.config_pms, [k]: v } }));
  const setMail = (k: keyof AdminConfig['config_emails'], v: string | boolean) => setForm((f) => ({ ...f, config_emails: { ...f.config_emails, [k]: v } }));
  const toggle = (k: 'active_connexion' | 'application_ouverte' | 'show_stay_dates' | 'show_stay_location', label: string) => (
    <Switch label={label} checked={form[k]} onChange={(e) => {
        const checked = e.currentTarget.checked;
        setForm((f) => ({ ...f, [k]: checked }));
      }}
    />
  );

  function choosePms(name: string | null) {
    const preset = name ? PMS_PRESETS[name as keyof typeof PMS_PRESETS] : undefined;
    setForm((f) => ({ ...f, config_pms: { ...f.config_pms, name: (name ?? '') as AdminConfig['config_pms']['name'], ...(preset ?? {}) } }));
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const checked = validate(adminUpdate, form);
    setErrors(checked.ok ? {} : checked.fields);
    if (!checked.ok) return flash.setError(M.formError);
    try {
      const saved = await save.mutateAsync(form);
      if (saved === false) flash.setError(M.settingsFailed('administrateurs', 1));
      else flash.setSuccess(M.settingsSaved);
    } catch (err) {
      setErrors(fieldErrors(err));
      flash.setError(err instanceof ApiError && err.status === 400 ? err.message : M.settingsFailed('administrateurs', 2));
    }
  }

  const pms = form.config_pms;
  return (
    <form onSubmit={submit} noValidate>
      <FlashBanner flash={flash} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack>
            <Paper withBorder p="lg" radius="md">
              <Stack>
                <Title order={2} size="h4">
                  Formule et application
                </Title>
                <Select
                  label="Formule"
                  data={[
                    { value: 'essentiel', label: 'Essentiel' },
                    { value: 'premium', label: 'Premium' },
                  ]}
                  value={form.features}
                  allowDeselect={false}
                  onChange={(v) => v && setForm((f) => ({ ...f, features: v as AdminConfig['features'] }))}
                />
                {toggle('active_connexion', "Connexion des clients à l'application")}
                {toggle('application_ouverte', 'Application ouverte à tous (sans compte)')}
                {toggle('show_stay_dates', 'Afficher les dates de séjour aux clients')}
                {toggle('show_stay_location', "Afficher l'emplacement aux clients")}
              </Stack>
            </Paper>
            <Paper withBorder p="lg" radius="md">
              <Stack>
                <Title order={2} size="h4">
                  Copies des e-mails
                </Title>
                <TextInput label="Adresse par défaut" value={form.config_emails.default} onChange={(e) => setMail('default', e.currentTarget.value)} error={errors['config_emails.default']} />
                <TextInput label="Adresse des inventaires" value={form.config_emails.inventories} onChange={(e) => setMail('inventories', e.currentTarget.value)} error={errors['config_emails.inventories']} />
                <Switch label="Copie cachée des inventaires" checked={form.config_emails.bcc_inventories} onChange={(e) => setMail('bcc_inventories', e.currentTarget.checked)} />
                <TextInput label="Adresse des services" value={form.config_emails.services} onChange={(e) => setMail('services', e.currentTarget.value)} error={errors['config_emails.services']} />
                <Switch label="Copie cachée des réservations de services" checked={form.config_emails.bcc_services} onChange={(e) => setMail('bcc_services', e.currentTarget.checked)} />
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="lg" radius="md">
            <Stack>
              <Title order={2} size="h4">
                Passerelle PMS
              </Title>
              <Select
                label="Logiciel de réservation (PMS)"
                placeholder="Aucun"
                clearable
                data={PMS_NAMES.map((n) => ({ value: n, label: n }))}
                value={pms.name || null}
                onChange={choosePms}
              />
              <Group grow align="flex-end">
                <TextInput label="Période d'import (hhmm)" value={pms.period} onChange={(e) => setPms('period', e.currentTarget.value)} />
                <TextInput label="Séparateur" value={pms.separator} onChange={(e) => setPms('separator', e.currentTarget.value)} />
                <TextInput label="Préfixe" value={pms.prefix} onChange={(e) => setPms('prefix', e.currentTarget.value)} />
              </Group>
              <TextInput label="Serveur FTP" value={pms.ftp_host} onChange={(e) => setPms('ftp_host', e.currentTarget.value)} />
              <Group grow align="flex-end">
                <TextInput label="Utilisateur FTP" value={pms.ftp_user} onChange={(e) => setPms('ftp_user', e.currentTarget.value)} />
                <PasswordInput label="Mot de passe FTP" value={pms.ftp_pass} onChange={(e) => setPms('ftp_pass', e.currentTarget.value)} />
              </Group>
              <TextInput label="Adresse de l'API" value={pms.api_url} onChange={(e) => setPms('api_url', e.currentTarget.value)} />
              <PasswordInput label="Jeton de l'API" value={pms.api_token} onChange={(e) => setPms('api_token', e.currentTarget.value)} />
              <PasswordInput label="Jeton interne" value={pms.intern_token} onChange={(e) => setPms('intern_token', e.currentTarget.value)} />
              <Text size="sm" c="dimmed">
                Dernier traitement : {pms.last_handling ? formatDateTime(pms.last_handling, timeZone) : 'jamais'}
              </Text>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <Group mt="lg" justify="flex-end">
        <Button type="submit" loading={save.isPending}>
          Enregistrer
        </Button>
      </Group>
    </form>
  );
}
