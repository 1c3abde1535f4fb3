import { Fragment, useRef, useState } from 'react';
import { Alert, Box, Button, Grid, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { EmailTemplate, Lang } from '@campsite/shared';
import { EMAILS, EMAIL_NAME_MAX, EMAIL_TITLE_MAX, EMAIL_VARIABLES, LANGUAGE_NAMES, emailInsert, emailLanguageIssues, emailTest } from '@campsite/shared';
import { navCrumbs } from '../../shell/nav';
import { useSession } from '../../shell/session';
import { useConfirm } from '../../components/confirm';
import { FlashBanner, useFlash, type Flash } from '../../components/flash';
import { FormCard, SettingsCard } from '../../components/FormCard';
import { langTexts, toTranslations, useContractForm, type LangTexts } from '../../components/form';
import { ScreenLoader } from '../../components/ListStates';
import { PageHeader } from '../../components/PageHeader';
import { Counter, TranslatedInput } from '../../components/translated';
import { errorSentence } from '../../lib/errors';
import { useTemplateDelete, useTemplateInsert, useTemplates, useTemplateUpdate, useTestSend } from './api/emails-queries';

/** 002 §4: a built-in template is named by what it is for. */
export const kindLabel = (t: EmailTemplate | null) =>
  t?.default === 'subscribe-email' ? EMAILS.subscribeLabel : t?.default === 'confirmation-email' ? EMAILS.confirmationLabel : EMAILS.customLabel;
/** A template in a chooser: its name, and what a built-in is for when its name does not say it. */
export const optionLabel = (t: EmailTemplate) => (t.default && t.name !== kindLabel(t) ? `${t.name} — ${kindLabel(t)}` : t.name);

/** 002 §2 'Paramétrer les e-mails': choose a template, edit it, see the variables, send a test. */
export default function TemplatesScreen() {
  const flash = useFlash();
  const templates = useTemplates();
  const [chosen, setChosen] = useState<string | 'new' | null>(null);
  // the selector only points at a template; 'Modifier ce template' opens it in the editor (002: selector with confirm button)
  const [picked, setPicked] = useState<string | null>(null);
  const form = useRef<{ mayDiscard(): Promise<boolean> } | null>(null);
  const list = templates.data ?? [];
  const id = chosen ?? list[0]?._id ?? null;
  const current = id === 'new' ? null : (list.find((t) => t._id === id) ?? null);

  async function choose(next: string | 'new') {
    if (next === id || (form.current && !(await form.current.mayDiscard()))) return;
    flash.clear();
    setPicked(null);
    setChosen(next);
  }

  return (
    <>
      <PageHeader
        title={EMAILS.templatesTitle}
        crumbs={navCrumbs('/administration/emails')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => void choose('new')}>
            Nouveau template
          </Button>
        }
      />
      <FlashBanner flash={flash} />
      {templates.error ? (
        <Alert color="red" role="alert">
          {errorSentence(EMAILS.loadFailed, templates.error, 1)}
        </Alert>
      ) : !templates.data ? (
        <ScreenLoader />
      ) : (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack>
              <Group align="flex-end" gap="sm">
                <Select
                  label="Template d'e-mail"
                  data={list.map((t) => ({ value: t._id, label: optionLabel(t) }))}
                  value={picked ?? (id === 'new' ? null : id)}
                  placeholder={id === 'new' ? 'Nouveau template (pas encore créé)' : undefined}
                  onChange={setPicked}
                  allowDeselect={false}
                  w={480}
                  maw="100%"
                />
                <Button variant="light" disabled={!picked || picked === id} onClick={() => picked && void choose(picked)}>
                  Modifier ce template
                </Button>
              </Group>
              <TemplateForm
                key={id ?? 'none'}
                current={current}
                flash={flash}
                formRef={form}
                onSaved={(saved) => setChosen(saved)}
                onDeleted={() => setChosen(null)}
                onCancelNew={() => {
                  flash.clear();
                  setChosen(null);
                }}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack>
              <VariablesPanel />
              {current && <TestForm template={current} />}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}

interface Values extends Record<string, unknown> {
  name: string;
  title: LangTexts;
  content: LangTexts;
}

function TemplateForm({
  current,
  flash,
  formRef,
  onSaved,
  onDeleted,
  onCancelNew,
}: {
  current: EmailTemplate | null;
  flash: Flash;
  /** the screen asks it before switching templates */
  formRef: React.MutableRefObject<{ mayDiscard(): Promise<boolean> } | null>;
  onSaved(id: string): void;
  onDeleted(): void;
  /** 'Annuler' of a new template: back to the first template (the form asked first if anything was typed) */
  onCancelNew(): void;
}) {
  const { langs, defaultLang } = useSession();
  const insert = useTemplateInsert();
  const update = useTemplateUpdate();
  const remove = useTemplateDelete();
  const confirm = useConfirm();
  const f = useContractForm({
    initial: { name: current?.name ?? '', title: langTexts(current?.translations, 'title'), content: langTexts(current?.translations, 'content') } as Values,
    schema: emailInsert,
    toBody: (v) => ({ name: v.name, translations: toTranslations({ title: v.title, content: v.content }, langs, defaultLang) }),
    check: (v) => {
      const issues = emailLanguageIssues(toTranslations({ title: v.title, content: v.content }, langs, defaultLang), defaultLang);
      return Object.fromEntries(Object.entries(issues).map(([k, m]) => [`${k.endsWith('.title') ? 'title' : 'content'}.${defaultLang}`, m]));
    },
    translated: { fields: ['title', 'content'], warning: EMAILS.missingTranslations },
    save: (body) => (current ? update.mutateAsync({ id: current._id, ...body }) : insert.mutateAsync(body)),
    action: current ? EMAILS.updateFailed : EMAILS.createFailed,
    success: current ? EMAILS.updated : EMAILS.created,
    onSaved: (answer) => onSaved((answer as EmailTemplate)._id),
    flash,
  });
  formRef.current = f;

  async function onDelete() {
    if (!current || !(await confirm({ message: EMAILS.deleteConfirm }))) return;
    try {
      if (await remove.mutateAsync({ id: current._id })) {
        flash.setSuccess(EMAILS.deleted);
        onDeleted();
      } else flash.setError(errorSentence(EMAILS.deleteFailed, null, 1));
    } catch (err) {
      flash.setError(errorSentence(EMAILS.deleteFailed, err, 2));
    }
  }

  const name = f.form.getInputProps('name');
  return (
    <FormCard
      form={f}
      title={current ? kindLabel(current) : 'Nouveau template'}
      submit={current ? 'Enregistrer' : 'Créer'}
      translated
      onCancel={current ? undefined : onCancelNew}
      extra={
        current && !current.default ? (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => void onDelete()}>
            Supprimer
          </Button>
        ) : undefined
      }
    >
      <TextInput
        {...name}
        label="Nom du template"
        required
        description={<Counter value={String(name.value ?? '')} max={EMAIL_NAME_MAX} />}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <TranslatedInput form={f} field="title" label="Objet de l'e-mail" max={EMAIL_TITLE_MAX} />
      <TranslatedInput form={f} field="content" label="Contenu" kind="rich" />
    </FormCard>
  );
}

function VariablesPanel() {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="email-variables">
      <Title order={2} size="h4" id="email-variables" mb="xs">
        Variables
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Écrites dans l'objet ou le contenu, elles sont remplacées pour chaque destinataire.
      </Text>
      {/* two columns: the names as wide as the longest (#destinataire), the explanations aligned after them */}
      <Box component="dl" m={0} style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 16, rowGap: 6, alignItems: 'baseline' }}>
        {EMAIL_VARIABLES.map((v) => (
          <Fragment key={v.name}>
            <Text component="dt" fw={700} ff="monospace" size="sm">
              {v.name}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {v.help}
            </Text>
          </Fragment>
        ))}
      </Box>
    </Paper>
  );
}

interface TestValues extends Record<string, unknown> {
  lang: Lang;
  destinataire: string;
  expediteur: string;
  nom: string;
  prenom: string;
  code: string;
  lien: string;
}

/** 002 §2 the test send: the saved template, in the chosen language, variables from the form. */
function TestForm({ template }: { template: EmailTemplate }) {
  const { langs, defaultLang } = useSession();
  const send = useTestSend();
  const flash = useFlash();
  const f = useContractForm({
    initial: { lang: defaultLang, destinataire: '', expediteur: '', nom: '', prenom: '', code: '', lien: '' } as TestValues,
    schema: emailTest,
    toBody: (v) => ({ id: template._id, ...v }),
    save: (body) => send.mutateAsync(body),
    action: EMAILS.testFailed,
    success: EMAILS.testSent,
    flash,
  });
  const input = (path: keyof TestValues & string, label: string, required = false) => (
    <TextInput {...f.form.getInputProps(path)} label={label} required={required} type={path === 'destinataire' || path === 'expediteur' ? 'email' : 'text'} />
  );
  return (
    <SettingsCard form={f} id="email-test" title="Envoyer un e-mail de test" description="Le test envoie la dernière version enregistrée de ce template." submit="Envoyer le test" gap="sm">
        <FlashBanner flash={flash} />
        {langs.length > 1 && (
          <Select
            label="Langue"
            data={langs.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            {...f.form.getInputProps('lang')}
            allowDeselect={false}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 1 }} spacing="sm">
          {input('destinataire', 'Destinataire', true)}
          {input('expediteur', 'Expéditeur')}
          {input('nom', 'Nom')}
          {input('prenom', 'Prénom')}
          {input('code', 'Code')}
          {input('lien', 'Lien')}
        </SimpleGrid>
    </SettingsCard>
  );
}
