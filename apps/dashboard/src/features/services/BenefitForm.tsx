import { ActionIcon, Button, Checkbox, Divider, Grid, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { Service, ServiceBenefit } from '@campsite/shared';
import { DESCRIPTION, QUESTION_TITLE, SERVICE_LIMITS, SERVICE_LOCATION, SUBTITLE, SERVICES, benefitInsert, serviceBenefits, textErrors } from '@campsite/shared';
import { useSession } from '../../shell/session';
import type { Flash } from '../../components/flash';
import { FormModal } from '../../components/FormCard';
import { langTexts, pickerProps, toTranslations, useContractForm, useFreshRead, type LangTexts } from '../../components/form';
import { IconPicker } from '../../components/IconPicker';
import { TranslatedInput } from '../../components/translated';
import { useBenefitInsert, useBenefitUpdate } from './api/services-queries';
import { DatesField, DurationField, HoursField, newDateRow, newHoursRow, type DateRow, type HoursRow } from './OpenTimes';
import { priceText } from './words';

interface Question {
  type: 'text' | 'number' | null;
  mandatory: boolean;
  title: LangTexts;
}
interface Values extends Record<string, unknown> {
  icon: string | null;
  show_price: boolean;
  price: string;
  duration_hour: number;
  duration_minute: number;
  interval_hour: number;
  interval_minute: number;
  confirmation: boolean;
  limited: boolean;
  simultaneous: number | string | null;
  client_number: boolean;
  identity: boolean;
  age: boolean;
  phone: boolean;
  open_dates: DateRow[];
  open_hours: HoursRow[];
  questions: Question[];
  subtitle: LangTexts;
  description: LangTexts;
  comment: LangTexts;
  location: LangTexts;
}

/**
 * The form's values from the record (when it opens, and reloaded after a 409). A new benefit starts from the
 * service's duration, interval and meeting point ('Paramètres des créneaux', issue 32): those of the benefit
 * make its slots; the service's are only proposed (0 h 0 min, 001 §4's default, when the service has none).
 */
function valuesOf(current: ServiceBenefit | null, service: Service): Values {
  const tr = (field: string) => langTexts(current?.translations, field);
  return {
    icon: current?.icon ?? null,
    show_price: current?.show_price ?? true,
    price: priceText(current?.price),
    duration_hour: current?.duration_hour ?? service.duration_hour,
    duration_minute: current?.duration_minute ?? service.duration_minute,
    interval_hour: current?.interval_hour ?? service.interval_hour,
    interval_minute: current?.interval_minute ?? service.interval_minute,
    confirmation: current?.confirmation ?? true,
    limited: current ? current.simultaneous !== null : true,
    simultaneous: current ? current.simultaneous : 1,
    client_number: current?.client_number ?? false,
    identity: current?.identity ?? true,
    age: current?.age ?? false,
    phone: current?.phone ?? false,
    open_dates: current?.open_dates ?? [newDateRow()],
    open_hours: current?.open_hours ?? [newHoursRow()],
    questions: (current?.questions ?? []).map((q) => ({ type: q.type, mandatory: q.mandatory, title: langTexts(q.translations, 'title') })),
    subtitle: tr('subtitle'),
    description: tr('description'),
    comment: tr('comment'),
    location: current ? tr('location') : langTexts(service.translations, 'location'),
  };
}

/** A benefit of a prestation service (001 §3, §4, §5), in a modal. New: identity asked, the rest not, 1 place. */
export function BenefitForm({ service: owner, current, flash, onClose }: { service: Service; current: ServiceBenefit | null; flash: Flash; onClose(): void }) {
  const service = owner._id;
  const { langs, defaultLang } = useSession();
  const insert = useBenefitInsert();
  const update = useBenefitUpdate();
  const fresh = useFreshRead();
  const f = useContractForm({
    initial: valuesOf(current, owner),
    revision: current?.revision,
    reload: current
      ? async () => {
          const now = (await fresh(serviceBenefits.findByService, { service })).find((x) => x._id === current._id);
          return now ? { values: valuesOf(now, owner), revision: now.revision } : null;
        }
      : undefined,
    schema: benefitInsert,
    toBody: (v) => ({
      service,
      icon: v.icon ?? '',
      show_price: v.show_price,
      price: v.price,
      duration_hour: v.duration_hour,
      duration_minute: v.duration_minute,
      interval_hour: v.interval_hour,
      interval_minute: v.interval_minute,
      confirmation: v.confirmation,
      simultaneous: v.limited ? (v.simultaneous === '' || v.simultaneous === null ? 0 : Number(v.simultaneous)) : null,
      client_number: v.client_number,
      identity: v.identity,
      age: v.age,
      phone: v.phone,
      open_dates: v.open_dates,
      open_hours: v.open_hours,
      questions: v.questions.map((q) => ({ type: q.type as 'text', mandatory: q.mandatory, translations: toTranslations({ title: q.title }, langs, defaultLang) })),
      translations: toTranslations({ subtitle: v.subtitle, description: v.description, comment: v.comment, location: v.location }, langs, defaultLang),
    }),
    check: (_, body) =>
      Object.assign(
        textErrors(body.translations, defaultLang, [SUBTITLE, DESCRIPTION, SERVICE_LOCATION]),
        ...(body.questions ?? []).map((q, i) => textErrors(q.translations, defaultLang, [QUESTION_TITLE], `questions.${i}.`)),
      ),
    translated: { fields: ['subtitle', 'description', 'location'], warning: 'La prestation n’est pas traduite dans les langues suivantes :' },
    save: (body) => (current ? update.mutateAsync({ _id: current._id, ...body }) : insert.mutateAsync(body)),
    action: current ? 'Impossible de modifier la prestation' : 'Impossible de créer la prestation',
    success: current ? SERVICES.benefitUpdated : SERVICES.benefitCreated,
    onSaved: () => {
      flash.setSuccess(current ? SERVICES.benefitUpdated : SERVICES.benefitCreated);
      onClose();
    },
  });
  const v = f.form.values;
  const check = (field: 'identity' | 'client_number' | 'age' | 'phone', label: string) => <Checkbox label={label} {...f.form.getInputProps(field, { type: 'checkbox' })} />;
  const questionsError = f.form.errors.questions as string | undefined;
  return (
    <FormModal form={f} title={current ? 'Modifier la prestation' : 'Nouvelle prestation'} submit={current ? 'Mettre à jour' : 'Créer'} onClose={onClose} translated size="xl">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack>
            <IconPicker label="Icône" required {...pickerProps(f, 'icon')} />
            <TranslatedInput form={f} field="subtitle" label="Titre" max={SUBTITLE.max} />
            <TranslatedInput form={f} field="description" label="Description" kind="rich" toolbar="default" />
            <TranslatedInput form={f} field="location" label="Lieu de rendez-vous" max={SERVICE_LOCATION.max} help={SERVICES.benefitLocationHelp} />
            <TranslatedInput form={f} field="comment" label="Commentaire" kind="long" required={false} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack>
            <Group align="flex-end" gap="md">
              <TextInput label="Prix (€)" required placeholder="0 pour gratuit" w={140} {...f.form.getInputProps('price')} />
              <Switch label="Afficher le prix" {...f.form.getInputProps('show_price', { type: 'checkbox' })} />
            </Group>
            <DurationField form={f} label="Durée" hour="duration_hour" minute="duration_minute" description={SERVICES.benefitDurationHelp} />
            <DurationField form={f} label="Intervalle entre deux créneaux" hour="interval_hour" minute="interval_minute" />
            <Group align="flex-end" gap="md">
              <Switch
                label="Limiter les places"
                checked={v.limited}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  f.form.setFieldValue('limited', on);
                  // 001 §4: a limit switched on starts at 1 place, off is no limit
                  f.form.setFieldValue('simultaneous', on ? 1 : null);
                }}
              />
              {v.limited && <NumberInput label="Places par créneau et prestataire" min={1} w={220} allowDecimal={false} {...f.form.getInputProps('simultaneous')} />}
            </Group>
            <Switch label="Réservation confirmée automatiquement" {...f.form.getInputProps('confirmation', { type: 'checkbox' })} />
            <Divider label="Informations demandées au client" labelPosition="left" />
            <SimpleGrid cols={2} spacing="xs">
              {check('identity', 'Nom et prénom')}
              {check('client_number', 'Numéro client')}
              {check('age', 'Âge')}
              {check('phone', 'Téléphone')}
            </SimpleGrid>
          </Stack>
        </Grid.Col>
      </Grid>
      <DatesField form={f} path="open_dates" label="Périodes d'ouverture" addLabel="Ajouter une période" />
      <HoursField form={f} path="open_hours" label="Horaires d'ouverture" addLabel="Ajouter un horaire" />
      <Stack gap="xs" data-path="questions" tabIndex={-1}>
        <Text fw={500} size="sm">
          Questions ({v.questions.length} / {SERVICE_LIMITS.questions})
        </Text>
        {v.questions.map((q, i) => (
          <Paper key={i} withBorder p="xs" radius="sm">
            <Group align="flex-end" gap="sm" mb="xs">
              <Select label="Type de réponse" data={[{ value: 'text', label: 'Texte' }, { value: 'number', label: 'Nombre entier' }]} w={170} {...f.form.getInputProps(`questions.${i}.type`)} />
              <Checkbox label="Obligatoire" {...f.form.getInputProps(`questions.${i}.mandatory`, { type: 'checkbox' })} mb={8} />
              <ActionIcon variant="subtle" color="red" aria-label={`Supprimer la question ${i + 1}`} onClick={() => f.form.removeListItem('questions', i)} mb={4}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            <TranslatedInput form={f} field={`questions.${i}.title`} label={`Question ${i + 1}`} max={QUESTION_TITLE.max} />
          </Paper>
        ))}
        {questionsError && (
          <Text size="xs" c="red.8" role="alert">
            {questionsError}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() =>
              v.questions.length >= SERVICE_LIMITS.questions
                ? f.form.setFieldError('questions', SERVICES.tooManyQuestions)
                : f.form.insertListItem('questions', { type: 'text', mandatory: false, title: langTexts(undefined, 'title') })
            }
          >
            Ajouter une question
          </Button>
        </Group>
      </Stack>
    </FormModal>
  );
}
