import { ScreenLoader, EmptyState } from '../../components/ListStates';
import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, ColorSwatch, Group, Image, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { Animation } from '@campsite/shared';
import { ACT, fileUrl, pickTranslation } from '@campsite/shared';
import { useSession } from '../../app/session';
import { useConfirm } from '../../components/confirm';
import { FlashBanner, useFlash } from '../../components/flash';
import { PageHeader } from '../../components/PageHeader';
import { errorSentence } from '../../lib/errors';
import { useAnimationCategories } from './api/animation-categories-queries';
import { useAnimations, useDeleteAnimation } from './api/animations-queries';
import { AnimationForm } from './AnimationForm';

const ROOT = { label: 'Activités', to: '/animations' };

/** 001 §2 'Animations': 'Vos activités', the table and the create/edit form. */
export default function AnimationsScreen() {
  const { defaultLang } = useSession();
  const list = useAnimations();
  const categories = useAnimationCategories();
  const remove = useDeleteAnimation();
  const confirm = useConfirm();
  const flash = useFlash();
  const [editing, setEditing] = useState<Animation | 'new' | null>(null);
  const nameOf = (a: Animation) => pickTranslation(a.translations, defaultLang, defaultLang, 'name');

  async function del(animation: Animation) {
    if (!(await confirm())) return;
    try {
      const done = await remove.mutateAsync({ id: animation._id });
      if (done) flash.setSuccess(ACT.animationDeleted);
      else flash.setError(errorSentence(ACT.animationDeleteFailed, null));
    } catch (err) {
      flash.setError(errorSentence(ACT.animationDeleteFailed, err));
    }
  }

  if (editing) {
    const current = editing === 'new' ? null : editing;
    return (
      <>
        <PageHeader
          title={current ? nameOf(current) || ACT.animationsTitle : 'Nouvelle activité'}
          crumbs={[ROOT, { label: ACT.animationsTitle, to: '/animations' }, { label: current ? 'Éditer' : 'Ajouter' }]}
        />
        <FlashBanner flash={flash} />
        <AnimationForm
          key={current?._id ?? 'new'}
          current={current}
          categories={categories.data ?? []}
          flash={flash}
          onDone={(message) => {
            setEditing(null);
            flash.setSuccess(message);
          }}
          onCancel={() => {
            setEditing(null);
            flash.clear();
          }}
        />
      </>
    );
  }

  const categoryOf = (id: string) => categories.data?.find((c) => c._id === id);
  return (
    <>
      <PageHeader
        title={ACT.animationsTitle}
        crumbs={[ROOT, { label: 'Mes activités' }]}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => (flash.clear(), setEditing('new'))}>
            Ajouter une activité
          </Button>
        }
      />
      <FlashBanner flash={flash} />
      {list.isPending || categories.isPending ? (
        <ScreenLoader />
      ) : list.error ? (
        <Alert color="red">{errorSentence(ACT.animationsFetchFailed, list.error)}</Alert>
      ) : list.data.length === 0 ? (
        <EmptyState>{ACT.animationsEmpty}</EmptyState>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs" horizontalSpacing="md" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nom</Table.Th>
                  <Table.Th visibleFrom="sm">Catégorie d'activité</Table.Th>
                  <Table.Th visibleFrom="sm">Affichage dynamique</Table.Th>
                  <Table.Th visibleFrom="sm">Photo</Table.Th>
                  <Table.Th w={1}>Éditer</Table.Th>
                  <Table.Th w={1}>
                    <VisuallyHidden>Supprimer</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.map((a) => {
                  const category = categoryOf(a.category);
                  const name = nameOf(a);
                  return (
                    <Table.Tr key={a._id}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {name}
                        </Text>
                        {category && (
                          <Group gap={6} wrap="nowrap" align="flex-start" hiddenFrom="sm">
                            <ColorSwatch color={`#${category.color}`} size={10} mt={4} aria-hidden />
                            <Text size="xs" c="dimmed">
                              {pickTranslation(category.translations, defaultLang, defaultLang, 'name')}
                              {a.front ? ' · Affichage dynamique' : ''}
                            </Text>
                          </Group>
                        )}
                      </Table.Td>
                      <Table.Td visibleFrom="sm">
                        {category && (
                          <Group gap="xs" wrap="nowrap">
                            <ColorSwatch color={`#${category.color}`} size={12} aria-hidden />
                            <Text size="sm">{pickTranslation(category.translations, defaultLang, defaultLang, 'name')}</Text>
                          </Group>
                        )}
                      </Table.Td>
                      <Table.Td visibleFrom="sm">
                        <Badge variant={a.front ? 'filled' : 'light'} color={a.front ? 'teal' : 'gray'}>
                          {a.front ? 'Oui' : 'Non'}
                        </Badge>
                      </Table.Td>
                      <Table.Td visibleFrom="sm">
                        {a.cover ? (
                          <Image src={fileUrl(a.cover, 192)} alt={`Photo de ${name}`} w={64} h={40} radius="sm" fit="cover" />
                        ) : (
                          <Text size="sm" c="dimmed">
                            —
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Button variant="subtle" size="xs" leftSection={<IconPencil size={14} />} onClick={() => (flash.clear(), setEditing(a))} aria-label={`Éditer ${name}`}>
                          Éditer
                        </Button>
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon variant="subtle" color="red" aria-label={`Supprimer ${name}`} onClick={() => void del(a)}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </>
  );
}
