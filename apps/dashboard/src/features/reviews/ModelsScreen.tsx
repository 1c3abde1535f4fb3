import { useState } from 'react';
import { Badge, Card, Grid, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReviewModel } from '@campsite/shared';
import { REVIEWS, pickTranslation } from '@campsite/shared';
import { navCrumbs } from '../../shell/nav';
import { useSession } from '../../shell/session';
import { day } from '../../lib/format';
import { useFlash } from '../../components/flash';
import { ListScreen } from '../../components/ListScreen';
import { ActionsMenu } from '../../components/RowActions';
import { useRowAction } from '../../components/rows';
import { useModelDelete, useReviewModels, useReviewServices } from './api/reviews-queries';
import { delayLabel, slotDelayLabel, typeLabel } from './model-values';
import { ModelForm } from './ModelForm';
import { ReviewSettingsCard } from './ReviewSettingsCard';
import { TryModel } from './TryModel';

type Mode = { kind: 'list' } | { kind: 'edit'; model: ReviewModel | null };

const deleteQuestion = (name: string) =>
  `Vous êtes sur le point de supprimer le questionnaire « ${name} ». Les invitations qui ne sont pas encore parties sont annulées ; les avis déjà récoltés sont conservés.`;

/**
 * 001 §2 'Gestion des avis clients' (/avis/formulaires): the questionnaires as cards (Éditer, Supprimer,
 * Fermer), 'Créer un questionnaire', and the form 'Paramétrer un questionnaire' in place of the list (001
 * §4: list, create, edit); beside them the public review link and the low-score alert (ours).
 */
export default function ModelsScreen() {
  const flash = useFlash();
  const models = useReviewModels();
  const remove = useModelDelete();
  const run = useRowAction(flash);
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [trying, setTrying] = useState<ReviewModel | null>(null);
  // the service a questionnaire 'Après une prestation' follows, named on its card
  const services = useReviewServices((models.data ?? []).some((m) => m.type === 'service'));
  const serviceName = (m: ReviewModel) => (m.type === 'service' ? services.data?.find((s) => s._id === m.service)?.name : undefined);
  const open = (m: Mode) => {
    flash.clear();
    setMode(m);
  };
  const onDelete = (m: ReviewModel) => void run(deleteQuestion(m.name), () => remove.mutateAsync({ id: m._id }), REVIEWS.modelDeleted, REVIEWS.deleteModelFailed);

  return (
    <ListScreen
      title={REVIEWS.modelsTitle}
      crumbs={navCrumbs('/avis/formulaires')}
      flash={flash}
      read={models}
      failed={REVIEWS.fetchModels}
      empty={REVIEWS.emptyModels}
      isEmpty={() => false}
      action={{ label: REVIEWS.createModel, onClick: () => open({ kind: 'edit', model: null }) }}
      form={mode.kind === 'edit' ? <ModelForm key={mode.model?._id ?? 'new'} current={mode.model} models={models.data ?? []} flash={flash} onDone={() => setMode({ kind: 'list' })} /> : undefined}
    >
      {(data) => (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            {data.length === 0 ? (
              <Text c="dimmed">{REVIEWS.emptyModels}</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {data.map((m) => (
                  <ModelCard key={m._id} model={m} service={serviceName(m)} onOpen={() => open({ kind: 'edit', model: m })} onTry={() => (flash.clear(), setTrying(m))} onDelete={() => onDelete(m)} />
                ))}
              </SimpleGrid>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <ReviewSettingsCard flash={flash} />
          </Grid.Col>
          {trying && <TryModel model={trying} screenFlash={flash} onClose={() => setTrying(null)} />}
        </Grid>
      )}
    </ListScreen>
  );
}

function ModelCard({ model, service, onOpen, onTry, onDelete }: { model: ReviewModel; service?: string; onOpen(): void; onTry(): void; onDelete(): void }) {
  const { defaultLang, timeZone } = useSession();
  const title = pickTranslation(model.translations, defaultLang, defaultLang, 'title');
  const on = model.type !== '';
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <UnstyledButton onClick={onOpen} aria-label={`Paramétrer le questionnaire ${model.name}`} style={{ minWidth: 0, flex: 1 }}>
          <Stack gap={4}>
            <Text fw={600} lineClamp={2}>
              {model.name}
            </Text>
            {title && (
              <Text size="sm" c="dimmed" lineClamp={1}>
                {title}
              </Text>
            )}
            <Group gap={6} mt={4}>
              <Badge variant="light" color={on ? 'green' : 'gray'} size="sm" tt="none">
                {typeLabel(model.type)}
              </Badge>
              <Badge variant="outline" color="gray" size="sm" tt="none">
                {model.nb_questions} question{model.nb_questions > 1 ? 's' : ''}
              </Badge>
            </Group>
            {service && (
              <Text size="xs" lineClamp={1}>
                Prestation : {service}
              </Text>
            )}
            {on && (
              <Text size="xs" c="dimmed">
                Envoi : {(model.type === 'service' ? slotDelayLabel : delayLabel)(model.notification_time).toLowerCase()}
                {/* invitations start from the switch-on: stays (slots) ended before are never invited (no burst) */}
                {model.enabled_time !== null && `, pour les ${model.type === 'service' ? 'créneaux' : 'séjours'} terminés depuis le ${day(model.enabled_time, timeZone)}`}
              </Text>
            )}
          </Stack>
        </UnstyledButton>
        <ActionsMenu
          label={`Actions du questionnaire ${model.name}`}
          actions={[
            { label: REVIEWS.edit, onClick: onOpen },
            // issue 32: a test link, or the invitation to one guest now
            { label: REVIEWS.preview, onClick: onTry },
            { label: REVIEWS.remove, onClick: onDelete, danger: true },
            // 'Fermer' of the spec closes the menu
            { label: REVIEWS.close, onClick: () => {}, divided: true },
          ]}
        />
      </Group>
    </Card>
  );
}
