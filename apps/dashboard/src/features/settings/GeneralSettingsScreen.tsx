import { ScreenLoader } from '../../components/ListStates';
import { Link } from 'react-router';
import { Anchor, Checkbox, Grid, Group, Paper, Select, Stack, Switch, TextInput, Title } from '@mantine/core';
import type { GlobalConfig, Lang } from '@campsite/shared';
import { ApiError } from '@campsite/shared/client';
import { LANGS, LANGUAGE_NAMES, CORE, globalUpdate } from '@campsite/shared';
import { navCrumbs } from '../../shell/nav';
import { useSession } from '../../shell/session';
import { useFlash } from '../../components/flash';
import { PageForm } from '../../components/FormCard';
import { ImageUpload } from '../../components/ImageUpload';
import { LanguageTabs, TranslatedInput } from '../../components/translated';
import { langTexts, pickerProps, useContractForm, type LangTexts } from '../../components/form';
import { PageHeader } from '../../components/PageHeader';
import { useGlobalConfig, useUpdateGlobal } from './api/settings-queries';

interface Form {
  establishment: string;
  sendmail: boolean;
  nbdays: string;
  langs: Lang[];
  lang_default: Lang;
  background: string | null;
  welcome: LangTexts;
}

function toForm(g: GlobalConfig): Form {
  return {
    establishment: g.establishment,
    sendmail: g['send-mail-cron'],
    nbdays: g['nb-days-mail-cron'].join(', '),
    langs: LANGS.filter((l) => g.langs[l]),
    lang_default: g['lang-default'],
    background: g['background-img'],
    welcome: langTexts(g['welcome-txt'], 'welcome'),
  };
}

/** 002 §2 'General settings': establishment, sendmail, nbdays, languages, background, welcome text. */
export default function GeneralSettingsScreen() {
  const { data } = useGlobalConfig();
  return (
    <>
      <PageHeader title="Paramètres généraux" crumbs={navCrumbs('/administration/parametres')} />
      {data ? (
        <SettingsForm initial={toForm(data)} />
      ) : (
        <ScreenLoader />
      )}
    </>
  );
}

function SettingsForm({ initial }: { initial: Form }) {
  const { has } = useSession();
  const flash = useFlash();
  const save = useUpdateGlobal();
  const f = useContractForm({
    initial: initial as Form & Record<string, unknown>,
    schema: globalUpdate,
    toBody: (v) => ({
      establishment: v.establishment,
      sendmail: v.sendmail,
      nbdays: v.nbdays,
      langs: v.langs,
      lang_default: v.lang_default,
      background: v.background,
      welcome: v.langs.map((l) => ({ lang: l, welcome: v.welcome[l] ?? '' })),
    }),
    check: (v) => (v.welcome[v.lang_default]?.trim() ? {} : { [`welcome.${v.lang_default}`]: CORE.welcomeRequired(v.lang_default) }),
    save: (body) => save.mutateAsync(body),
    action: CORE.genericError,
    failed: (step, err) => (err instanceof ApiError && err.status === 400 ? err.message : CORE.settingsFailed('généraux', step)),
    success: CORE.settingsSaved,
    flash,
  });
  const v = f.form.values;
  const background = pickerProps(f, 'background');
  const aside = has('super') && (
    <Anchor component={Link} to="/administration/features">
      Paramètres administrateur
    </Anchor>
  );
  return (
    <PageForm form={f} flash={flash} aside={aside}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="lg" radius="md">
            <Stack>
              <Title order={2} size="h4">
                Établissement
              </Title>
              <TextInput label="Nom de l'établissement" required maxLength={40} {...f.form.getInputProps('establishment')} />
              <Switch label="Envoyer automatiquement l'e-mail avant séjour" {...f.form.getInputProps('sendmail', { type: 'checkbox' })} />
              <TextInput label="Jours d'envoi avant l'arrivée" description="Nombres séparés par des virgules, de 0 à 60 (ex : 7, 2)" {...f.form.getInputProps('nbdays')} />
              <Checkbox.Group label="Langues de l'application" value={v.langs} onChange={(ls) => f.form.setFieldValue('langs', LANGS.filter((l) => ls.includes(l) || l === v.lang_default))} error={f.form.errors.langs}>
                <Group gap="md" mt={6}>
                  {LANGS.map((l) => (
                    <Checkbox key={l} value={l} label={LANGUAGE_NAMES[l]} disabled={l === v.lang_default} title={l === v.lang_default ? CORE.defaultLangRequired : undefined} />
                  ))}
                </Group>
              </Checkbox.Group>
              <Select
                label="Langue par défaut"
                data={v.langs.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
                allowDeselect={false}
                {...f.form.getInputProps('lang_default')}
              />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <Paper withBorder p="lg" radius="md">
              <ImageUpload label="Image de fond" value={background.value as string | null} onChange={background.onChange} />
            </Paper>
            <Paper withBorder p="lg" radius="md">
              <Stack>
                <Group justify="space-between">
                  <Title order={2} size="h4">
                    Texte d'accueil
                  </Title>
                  <LanguageTabs form={f} />
                </Group>
                <TranslatedInput form={f} field="welcome" label="Texte d'accueil" max={40} />
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </PageForm>
  );
}
