import { Grid, Select, Stack, TextInput } from '@mantine/core';
import type { ReviewModel } from '@campsite/shared';
import { REVIEW_LIMITS, REVIEWS, errCodeAnswer, reviewModelInsert, reviewModelLanguageIssues, reviews } from '@campsite/shared';
import { useSession } from '../../shell/session';
import type { Flash } from '../../components/flash';
import { FormCard } from '../../components/FormCard';
import { formErrors, langTexts, toTranslations, useContractForm, useFreshRead } from '../../components/form';
import { Counter, TranslatedInput } from '../../components/translated';
import { useModelInsert, useModelUpdate, useReviewServices } from './api/reviews-queries';
import { DELAYS, SLOT_DELAYS, TYPES, newQuestion, type ModelValues } from './model-values';
import { QuestionsField } from './QuestionsField';

/** 001 §7: an answer carrying err_code 1 is a refusal, its err_message shown as the server wrote it. */
const errMessage = (answer: unknown) => (errCodeAnswer.safeParse(answer).data?.err_message ?? null);

/**
 * 'Paramétrer un questionnaire' (001 §2–§5): name, type, delay, the four texts per language and 1 to 10
 * questions. The rules and sentences are the contract's; an err_code 1 answer shows the server's
 * err_message (001 §7).
 */
export function ModelForm({ current, models, flash, onDone }: { current: ReviewModel | null; models: readonly ReviewModel[]; flash: Flash; onDone(): void }) {
  // only one questionnaire is sent at the end of stays (the server answers err_code 1 to a second one):
  // while another is, 'Fin de séjour' is not offered and a new questionnaire starts 'Désactivé'
  const other = models.find((m) => m.type === 'global' && m._id !== current?._id) ?? null;
  const { langs, defaultLang } = useSession();
  const insert = useModelInsert();
  const update = useModelUpdate();
  // the form's values from the record (when it opens, and reloaded after a 409)
  const valuesOf = (current: ReviewModel | null) => {
    const tr = (field: string) => langTexts(current?.translations, field);
    return {
      name: current?.name ?? '',
      type: current ? (current.type === '' ? 'off' : current.type) : other ? 'off' : 'global',
      service: current?.service ?? null,
      notification_time: String(current?.notification_time ?? 86400),
      title: tr('title'),
      introduction: tr('introduction'),
      notification_title: tr('notification_title'),
      notification_content: tr('notification_content'),
      questions: current
        ? current.questions.map((q) => ({ _id: q._id, type: q.type, mandatory: q.mandatory, title: langTexts(q.translations, 'title'), select_list: langTexts(q.translations, 'select_list') }))
        : [newQuestion()],
    } as ModelValues;
  };
  const fresh = useFreshRead();
  const f = useContractForm({
    initial: valuesOf(current),
    revision: current?.revision,
    reload: current
      ? async () => {
          const now = (await fresh(reviews.listModels)).find((m) => m._id === current._id);
          return now ? { values: valuesOf(now), revision: now.revision } : null;
        }
      : undefined,
    schema: reviewModelInsert,
    toBody: (v) => ({
      name: v.name,
      type: v.type === 'off' ? ('' as const) : v.type,
      // sent after a service's slots: which service (issue 32)
      ...(v.type === 'service' ? { service: v.service } : {}),
      notification_time: Number(v.notification_time),
      translations: toTranslations({ title: v.title, introduction: v.introduction, notification_title: v.notification_title, notification_content: v.notification_content }, langs, defaultLang),
      questions: v.questions.map((q) => ({
        ...(q._id ? { _id: q._id } : {}),
        type: q.type,
        mandatory: q.mandatory,
        // a text or notation question has no answers to offer: what was typed for a select is dropped
        translations: q.type === 'select' ? toTranslations({ title: q.title, select_list: q.select_list }, langs, defaultLang) : toTranslations({ title: q.title }, langs, defaultLang),
      })),
    }),
    check: (_, body) => formErrors(reviewModelLanguageIssues(body, defaultLang), body, defaultLang),
    translated: { fields: ['title', 'introduction', 'notification_title', 'notification_content'], warning: REVIEWS.notTranslated.trim() },
    save: (body) => (current ? update.mutateAsync({ id: current._id, ...body }) : insert.mutateAsync(body)),
    refused: (answer) => errMessage(answer),
    action: current ? REVIEWS.updateModelFailed : REVIEWS.createModelFailed,
    success: current ? REVIEWS.modelUpdated : REVIEWS.modelCreated,
    onSaved: onDone,
    flash,
  });
  const name = f.form.getInputProps('name');
  const afterService = f.form.values.type === 'service';
  // the hint says what saving changes: switching off one that was sent, or keeping it as it is sent
  const wasOn = current ? (f.form.values.type === 'off' ? current.type !== '' : current.type === f.form.values.type) : false;
  const services = useReviewServices(afterService);
  return (
    <FormCard form={f} title={REVIEWS.modelForm} submit={current ? 'Mettre à jour' : 'Enregistrer'} onCancel={onDone} translated>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack>
            <TextInput
              label="Nom du questionnaire"
              required
              {...name}
              description={<Counter value={(name.value as string) ?? ''} max={REVIEW_LIMITS.name} />}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
            <Select
              label="Envoi"
              description={other && f.form.values.type === 'off' ? REVIEWS.globalTaken(other.name) : REVIEWS.sendHint(f.form.values.type as ModelValues['type'], wasOn)}
              data={TYPES.map((t) => ({ ...t, disabled: t.value === 'global' && other !== null && current?.type !== 'global' }))}
              allowDeselect={false}
              {...f.form.getInputProps('type')}
            />
            {afterService && (
              <Select
                label="Prestation"
                required
                placeholder="Choisir la prestation"
                data={(services.data ?? []).map((s) => ({ value: s._id, label: s.name }))}
                allowDeselect={false}
                {...f.form.getInputProps('service')}
              />
            )}
            <Select
              label={afterService ? "Délai d'envoi après le créneau" : "Délai d'envoi après le départ"}
              data={afterService ? SLOT_DELAYS : DELAYS}
              allowDeselect={false}
              {...f.form.getInputProps('notification_time')}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack>
            <TranslatedInput form={f} field="title" label="Titre du questionnaire" max={REVIEW_LIMITS.title} />
            <TranslatedInput form={f} field="introduction" label="Introduction" kind="long" max={REVIEW_LIMITS.introduction} />
            <TranslatedInput form={f} field="notification_title" label="Titre de la notification" max={REVIEW_LIMITS.notification_title} />
            <TranslatedInput form={f} field="notification_content" label="Contenu de la notification" kind="long" max={REVIEW_LIMITS.notification_content} />
          </Stack>
        </Grid.Col>
      </Grid>
      <QuestionsField form={f} />
    </FormCard>
  );
}
