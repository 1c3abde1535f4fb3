import { TextInput } from '@mantine/core';
import type { NotificationTemplate } from '@campsite/shared';
import { NOTIFICATIONS, NOTIFICATION_CONTENT_MAX, NOTIFICATION_NAME_MAX, NOTIFICATION_TITLE_MAX, notificationFallback, notificationInsert, notificationLanguageIssues } from '@campsite/shared';
import { useSession } from '../../shell/session';
import type { Flash } from '../../components/flash';
import { FormCard } from '../../components/FormCard';
import { langTexts, toTranslations, useContractForm, type LangTexts } from '../../components/form';
import { HOME, RedirectSelect, useTemplateInsert, useTemplateUpdate } from '../../components/notifications';
import { Counter, TranslatedInput } from '../../components/translated';

interface Values extends Record<string, unknown> {
  name: string;
  title: LangTexts;
  content: LangTexts;
  redirect: string;
}

/** 002 §2 Notifications screen, create and edit modes: name, title and content per language, the page it opens. */
export function TemplateForm({ current, flash, onDone }: { current: NotificationTemplate | null; flash: Flash; onDone(): void }) {
  const { langs, defaultLang } = useSession();
  const insert = useTemplateInsert();
  const update = useTemplateUpdate();
  const f = useContractForm({
    initial: {
      name: current?.name ?? '',
      title: langTexts(current?.translations, 'title'),
      content: langTexts(current?.translations, 'content'),
      redirect: current?.redirect || HOME,
    } as Values,
    schema: notificationInsert,
    toBody: (v) => ({ name: v.name, redirect: v.redirect, translations: toTranslations({ title: v.title, content: v.content }, langs, defaultLang) }),
    check: (_, body) =>
      Object.fromEntries(
        Object.entries(notificationLanguageIssues(body.translations, defaultLang)).map(([k, m]) => [`${k.endsWith('.title') ? 'title' : 'content'}.${defaultLang}`, m]),
      ),
    translated: { fields: ['title'], warning: (missing) => notificationFallback(missing, langs, defaultLang) },
    save: (body) => (current ? update.mutateAsync({ id: current._id, ...body }) : insert.mutateAsync(body)),
    action: current ? NOTIFICATIONS.cannotUpdate : NOTIFICATIONS.cannotCreate,
    success: current ? NOTIFICATIONS.templateUpdated : NOTIFICATIONS.templateCreated,
    onSaved: onDone,
    flash,
  });
  const name = f.form.getInputProps('name');
  return (
    <FormCard form={f} title={current ? 'Modifier le modèle' : 'Nouveau modèle'} submit={current ? 'Mettre à jour' : 'Créer'} onCancel={onDone} translated maw={720}>
      <TextInput
        {...name}
        label="Nom du modèle"
        required
        description={<Counter value={String(name.value ?? '')} max={NOTIFICATION_NAME_MAX} />}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <TranslatedInput form={f} field="title" label="Titre" max={NOTIFICATION_TITLE_MAX} />
      <TranslatedInput form={f} field="content" label="Contenu" kind="long" max={NOTIFICATION_CONTENT_MAX} />
      <RedirectSelect value={f.form.values.redirect} onChange={(v) => f.form.setFieldValue('redirect', v)} error={f.form.errors.redirect as string | undefined} />
    </FormCard>
  );
}
