import { Grid, Input, Paper, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { Service } from '@campsite/shared';
import { SERVICE_LIMITS, SERVICE_NAME_TITLE, SERVICES, serviceInsert, services, textErrors } from '@campsite/shared';
import { useSession } from '../../shell/session';
import { useConfirm } from '../../components/confirm';
import type { Flash } from '../../components/flash';
import { FormCard } from '../../components/FormCard';
import { langTexts, pickerProps, toTranslations, useContractForm, useFreshRead, type LangTexts } from '../../components/form';
import { ImageUpload } from '../../components/ImageUpload';
import { RichTextEditor } from '../../components/RichTextEditor';
import { TranslatedInput } from '../../components/translated';
import { useServiceInsert, useServiceUpdate } from './api/services-queries';

interface Values extends Record<string, unknown> {
  name: string;
  cover: string | null;
  type: 'prestation' | 'vente' | 'location';
  payment_link: string;
  comment: string;
  list_mode: boolean;
  title: LangTexts;
}

/** The sentence before a type change (ours): the server then deletes what belonged to the old type. */
const typeChangeQuestion = (from: Service['type']) =>
  from === 'prestation'
    ? 'Changer le type du service supprime toutes ses prestations, ses prestataires et leurs réservations.'
    : 'Changer le type du service supprime tous ses produits.';

/** The form's values from the service (when it opens, and reloaded after a 409). */
const valuesOf = (current: Service | null): Values => ({
  name: current?.name ?? '',
  cover: current?.cover ?? null,
  type: current?.type ?? 'prestation',
  payment_link: current?.payment_link ?? '',
  comment: current?.comment ?? '',
  list_mode: current?.list_mode ?? false,
  title: langTexts(current?.translations, 'title'),
});

/** A service's own fields (001 §3, §5): name, cover, type, payment link, title per language, comment, list mode. */
export function ServiceForm({ current, flash, onSaved, onCancel }: { current: Service | null; flash: Flash; onSaved(saved: Service): void; onCancel?(): void }) {
  const { langs, defaultLang } = useSession();
  const confirm = useConfirm();
  const insert = useServiceInsert();
  const update = useServiceUpdate();
  const fresh = useFreshRead();
  const f = useContractForm({
    initial: valuesOf(current),
    revision: current?.revision,
    reload: current
      ? async () => {
          const now = (await fresh(services.list)).find((s) => s._id === current._id);
          return now ? { values: valuesOf(now), revision: now.revision } : null;
        }
      : undefined,
    schema: serviceInsert,
    toBody: (v) => {
      // the pickup location is the slot settings' field: kept as it is
      const location = langTexts(current?.translations, 'location');
      return {
        name: v.name,
        cover: v.cover ?? '',
        type: v.type,
        payment_link: v.payment_link.trim() || null,
        translations: toTranslations({ title: v.title, location }, langs, defaultLang),
        comment: v.comment.replace(/<p><\/p>/g, '').trim() ? v.comment : null,
        list_mode: v.list_mode,
      };
    },
    check: (_, body) => textErrors(body.translations, defaultLang, [SERVICE_NAME_TITLE]),
    translated: { fields: ['title'], warning: 'Le service n’est pas traduit dans les langues suivantes :' },
    ask: (v) => (current && current.type !== v.type ? confirm({ message: typeChangeQuestion(current.type) }) : true),
    save: (body) => (current ? update.mutateAsync({ id: current._id, ...body }) : insert.mutateAsync(body)),
    action: current ? SERVICES.serviceUpdateFailed : SERVICES.serviceCreateFailed,
    success: current ? 'Le service a bien été mis à jour' : 'Le service a bien été créé',
    onSaved: (answer) => onSaved(answer as Service),
    flash,
  });
  const cover = pickerProps(f, 'cover');
  const comment = f.form.getInputProps('comment');
  return (
    <FormCard form={f} title={current ? 'Paramètres du service' : 'Nouveau service'} submit={current ? 'Mettre à jour' : 'Créer'} onCancel={onCancel} translated>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <TextInput label="Nom" required maxLength={SERVICE_LIMITS.name + 20} {...f.form.getInputProps('name')} />
            <TranslatedInput form={f} field="title" label="Titre affiché dans l'application" max={SERVICE_NAME_TITLE.max} />
            <Input.Wrapper label="Type" required>
              <div>
                <SegmentedControl
                  mt={4}
                  data={[
                    { value: 'prestation', label: 'Prestation (réservation de créneaux)' },
                    { value: 'vente', label: 'Vente (produits)' },
                  ]}
                  {...f.form.getInputProps('type')}
                />
              </div>
            </Input.Wrapper>
            <TextInput label="Lien de paiement" placeholder="https://…" {...f.form.getInputProps('payment_link')} />
            <RichTextEditor label="Commentaire (affiché au-dessus du planning)" toolbar="rubrics" value={(comment.value as string) ?? ''} onChange={(html) => f.form.setFieldValue('comment', html)} error={comment.error as string | undefined} path="comment" />
            <Switch label="Affichage groupé dans le planning" description="Les réservations d'une même prestation qui se chevauchent forment un seul bloc" {...f.form.getInputProps('list_mode', { type: 'checkbox' })} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md" radius="md">
            <Stack gap="xs">
              <ImageUpload label="Photo de couverture" required value={cover.value as string | null} onChange={cover.onChange} />
              {cover.error && (
                <Text size="xs" c="red.8" role="alert" data-path="cover">
                  {cover.error}
                </Text>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </FormCard>
  );
}
