import { ScreenLoader } from '../../components/ListStates';
import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Checkbox, Grid, Group, Paper, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { GlobalConfig, Lang } from '@campsite/shared';
import { LANGS, LANGUAGE_NAMES, M, globalUpdate } from '@campsite/shared';
import { useSession } from '../../app/session';
import { FlashBanner, useFlash } from '../../components/flash';
import { ImageUpload } from '../../components/ImageUpload';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { PageHeader } from '../../components/PageHeader';
import { validate } from '../../lib/form';
import { fieldErrors } from '../../lib/errors';
import { useGlobalConfig, useUpdateGlobal } from './api/settings-queries';
import { ApiError } from '@campsite/shared/client';

interface Form {
  establishment: string;
  sendmail: boolean;
  nbdays: string;
  langs: Lang[];
  lang_default: Lang;
  background: string | null;
  welcome: Record<Lang, string>;
}

function toForm(g: GlobalConfig): Form {
  return {
    establishment: g.establishment,
    sendmail: g['send-mail-cron'],
    nbdays: g['nb-days-mail-cron'].join(', '),
    langs: LANGS.filter((l) => g.langs[l]),
    lang_default: g['lang-default'],
    background: g['background-img'],
    welcome: Object.fromEntries(LANGS.map((l) => [l, g['welcome-txt'].find((w) => w.lang === l)?.welcome ?? ''])) as Record<Lang, string>,
  };
}

/** 002 §2 'General settings': establishment, sendmail, nbdays, languages, background, welcome text. */
export default function GeneralSettingsScreen() {
  const { data } = useGlobalConfig();
  return (
    <>
      <PageHeader title="Paramètres généraux" crumbs={[{ label: 'Paramètres' }]} />
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
  const [form, setForm] = useState<Form>(initial);
  const [lang, setLang] = useState<Lang>(initial.lang_default);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const flash = useFlash();
  const save = useUpdateGlobal();
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));

  const body = {
    establishment: form.establishment,
    sendmail: form.sendmail,
    nbdays: form.nbdays,
    langs: form.langs,
    lang_default: form.lang_default,
    background: form.background,
    welcome: form.langs.map((l) => ({ lang: l, welcome: form.welcome[l] ?? '' })),
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const checked = validate(globalUpdate, body);
    const fields = checked.ok ? {} : { ...checked.fields };
    if (!form.welcome[form.lang_default]?.trim()) fields[`welcome.${form.lang_default}`] = M.welcomeRequired(form.lang_default);
    for (const [path, msg] of Object.entries(fields)) {
      const m = path.match(/^welcome\.(\d+)\.welcome$/);
      if (m) fields[`welcome.${body.welcome[Number(m[1])].lang}`] = msg;
    }
    setErrors(fields);
    if (Object.keys(fields).length) {
      flash.setError(M.formError);
      return;
    }
    try {
      const saved = await save.mutateAsync(body);
      if (saved === false) flash.setError(M.settingsFailed('généraux', 1));
      else flash.setSuccess(M.settingsSaved);
    } catch (err) {
      setErrors(fieldErrors(err));
      flash.setError(err instanceof ApiError && err.status === 400 ? err.message : M.settingsFailed('généraux', 2));
    }
  }

  const welcomeErrors = form.langs.filter((l) => errors[`welcome.${l}`]);
  return (
    <form onSubmit={submit} noValidate>
      <FlashBanner flash={flash} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="lg" radius="md">
            <Stack>
              <Title order={2} size="h4">
                Établissement
              </Title>
              <TextInput
                label="Nom de l'établissement"
                required
                maxLength={40}
                value={form.establishment}
                onChange={(e) => set('establishment', e.currentTarget.value)}
                error={errors.establishment}
              />
              <Switch
                label="Envoyer automatiquement l'e-mail avant séjour"
                checked={form.sendmail}
                onChange={(e) => set('sendmail', e.currentTarget.checked)}
              />
              <TextInput
                label="Jours d'envoi avant l'arrivée"
                description="Nombres séparés par des virgules, de 0 à 60 (ex : 7, 2)"
                value={form.nbdays}
                onChange={(e) => set('nbdays', e.currentTarget.value)}
                error={errors.nbdays}
              />
              <div>
                <Text size="sm" fw={600} mb={6}>
                  Langues de l'application
                </Text>
                <Group gap="md">
                  {LANGS.map((l) => (
                    <Checkbox
                      key={l}
                      label={LANGUAGE_NAMES[l]}
                      checked={form.langs.includes(l)}
                      disabled={l === form.lang_default}
                      title={l === form.lang_default ? M.defaultLangRequired : undefined}
                      onChange={(e) =>
                        set('langs', e.currentTarget.checked ? LANGS.filter((x) => x === l || form.langs.includes(x)) : form.langs.filter((x) => x !== l))
                      }
                    />
                  ))}
                </Group>
                {errors.langs && (
                  <Text size="sm" c="red" mt={4}>
                    {errors.langs}
                  </Text>
                )}
              </div>
              <Select
                label="Langue par défaut"
                data={form.langs.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
                value={form.lang_default}
                allowDeselect={false}
                onChange={(v) => v && set('lang_default', v as Lang)}
              />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <Paper withBorder p="lg" radius="md">
              <ImageUpload label="Image de fond" value={form.background} onChange={(id) => set('background', id)} />
            </Paper>
            <Paper withBorder p="lg" radius="md">
              <Stack>
                <Group justify="space-between">
                  <Title order={2} size="h4">
                    Texte d'accueil
                  </Title>
                  <LanguageSwitcher value={form.langs.includes(lang) ? lang : form.lang_default} onChange={setLang} withErrors={welcomeErrors} />
                </Group>
                <TextInput
                  label={`Texte d'accueil (${(form.langs.includes(lang) ? lang : form.lang_default).toUpperCase()})`}
                  maxLength={40}
                  required={lang === form.lang_default}
                  value={form.welcome[form.langs.includes(lang) ? lang : form.lang_default]}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    setForm((f) => ({ ...f, welcome: { ...f.welcome, [f.langs.includes(lang) ? lang : f.lang_default]: v } }));
                  }}
                  error={errors[`welcome.${form.langs.includes(lang) ? lang : form.lang_default}`]}
                />
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
      <Group mt="lg" justify="space-between">
        {has('super') ? (
          <Anchor component={Link} to="/administration/features">
            Paramètres administrateur
          </Anchor>
        ) : (
          <span />
        )}
        <Button type="submit" loading={save.isPending}>
          Enregistrer
        </Button>
      </Group>
    </form>
  );
}
