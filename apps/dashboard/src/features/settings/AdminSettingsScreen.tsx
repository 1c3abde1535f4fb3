import { ScreenLoader } from '../../components/ListStates';
import { Grid, Group, Paper, PasswordInput, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { AdminConfigAnswer } from '@campsite/shared';
import { CORE, OPERATOR, PMS_NAMES, adminConfigUpdate, formatDateTime } from '@campsite/shared';
import { useSession } from '../../shell/session';
import { useFlash } from '../../components/flash';
import { PageForm } from '../../components/FormCard';
import { PageHeader } from '../../components/PageHeader';
import { useContractForm } from '../../components/form';
import { navCrumbs } from '../../shell/nav';
import { useAdminConfig, useUpdateAdmin } from './api/settings-queries';
import { ApiError } from '@campsite/shared/client';
import { ImportProgress } from '../../components/ImportProgress';
import { BackupsSection } from './backups/BackupsCard';

/** 002 §4 'PMS settings': choosing a PMS presets its import period (and separator). */
export const PMS_PRESETS: Partial<Record<(typeof PMS_NAMES)[number], { period: string; separator?: string }>> = {
  inaxel: { period: '1030', separator: ';' },
  'e-season': { period: '1030', separator: ';' },
  logmis: { period: '1030', separator: ';' },
  hippocamp: { period: '0500' },
  applicamp: { period: '0600' },
};

const PLAN_LABELS = { essentiel: 'Essentiel', premium: 'Premium' } as const;

/**
 * 002 §2 'Administrator settings' (super only): plan, connection options, e-mail copies, PMS gateway. In
 * multi-site mode the plan is the operator's (`plan_by_operator`): shown, not offered (docs/multisite.md).
 */
export default function AdminSettingsScreen() {
  const { data } = useAdminConfig();
  return (
    <>
      <PageHeader title="Paramètres administrateur" crumbs={[...navCrumbs('/administration/parametres'), { label: 'Administrateur' }]} />
      {data ? (
        <AdminForm initial={data} />
      ) : (
        <ScreenLoader />
      )}
      <BackupsSection />
    </>
  );
}

function AdminForm({ initial }: { initial: AdminConfigAnswer }) {
  const { timeZone } = useSession();
  const flash = useFlash();
  const save = useUpdateAdmin();
  const f = useContractForm({
    initial: initial as AdminConfigAnswer & Record<string, unknown>,
    schema: adminConfigUpdate,
    toBody: (v) => v,
    save: (body) => save.mutateAsync(body),
    action: CORE.genericError,
    failed: (step, err) => (err instanceof ApiError && err.status === 400 ? err.message : CORE.settingsFailed('administrateurs', step)),
    success: CORE.settingsSaved,
    flash,
  });
  const input = (path: string) => f.form.getInputProps(path as never);
  const toggle = (path: 'active_connexion' | 'application_ouverte' | 'show_stay_dates' | 'show_stay_location' | 'config_emails.bcc_inventories' | 'config_emails.bcc_services', label: string) => (
    <Switch label={label} {...f.form.getInputProps(path, { type: 'checkbox' })} />
  );

  function choosePms(name: string | null) {
    const preset = name ? PMS_PRESETS[name as keyof typeof PMS_PRESETS] : undefined;
    f.form.setFieldValue('config_pms', { ...f.form.values.config_pms, name: (name ?? '') as AdminConfigAnswer['config_pms']['name'], ...(preset ?? {}) });
  }

  const pms = f.form.values.config_pms;
  return (
    <PageForm form={f} flash={flash}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack>
            <Paper withBorder p="lg" radius="md">
              <Stack>
                <Title order={2} size="h4">
                  Formule et application
                </Title>
                {initial.plan_by_operator ? (
                  <TextInput label="Formule" variant="filled" readOnly value={PLAN_LABELS[initial.features]} description={OPERATOR.planByOperator} />
                ) : (
                  <Select
                    label="Formule"
                    data={Object.entries(PLAN_LABELS).map(([value, label]) => ({ value, label }))}
                    allowDeselect={false}
                    {...input('features')}
                  />
                )}
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
                <TextInput label="Adresse par défaut" {...input('config_emails.default')} />
                <TextInput label="Adresse des inventaires" {...input('config_emails.inventories')} />
                {toggle('config_emails.bcc_inventories', 'Copie cachée des inventaires')}
                <TextInput label="Adresse des services" {...input('config_emails.services')} />
                {toggle('config_emails.bcc_services', 'Copie cachée des réservations de services')}
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
              <Group grow align="flex-start">
                <TextInput label="Période d'import (hhmm)" {...input('config_pms.period')} />
                <TextInput label="Séparateur" {...input('config_pms.separator')} />
                <TextInput label="Préfixe" {...input('config_pms.prefix')} />
              </Group>
              <TextInput label="Serveur FTP" {...input('config_pms.ftp_host')} />
              <Group grow align="flex-start">
                <TextInput label="Utilisateur FTP" {...input('config_pms.ftp_user')} />
                <PasswordInput label="Mot de passe FTP" {...input('config_pms.ftp_pass')} />
              </Group>
              <TextInput label="Adresse de l'API" {...input('config_pms.api_url')} />
              <PasswordInput label="Jeton de l'API" {...input('config_pms.api_token')} />
              <PasswordInput label="Jeton interne" {...input('config_pms.intern_token')} />
              <Text size="sm" c="dimmed">
                Dernier traitement : {pms.last_handling ? formatDateTime(pms.last_handling, timeZone) : 'jamais'}
              </Text>
              <ImportProgress kind="pms" />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </PageForm>
  );
}
