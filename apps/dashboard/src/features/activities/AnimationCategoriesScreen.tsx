import { ScreenLoader, EmptyState } from '../../components/ListStates';
import { useState } from 'react';
import { ActionIcon, Alert, Button, ColorSwatch, Group, Paper, Table, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { AnimationCategory } from '@campsite/shared';
import { ACT, pickTranslation } from '@campsite/shared';
import { useSession } from '../../app/session';
import { useConfirm } from '../../components/confirm';
import { FlashBanner, useFlash } from '../../components/flash';
import { PageHeader } from '../../components/PageHeader';
import { errorSentence } from '../../lib/errors';
import { useAnimationCategories, useDeleteCategory } from './api/animation-categories-queries';
import { CategoryForm } from './CategoryForm';

const ROOT = { label: 'Activités', to: '/animations' };

/** 001 §2 'Animation categories': list with a colour dot and delete, create/edit form. */
export default function AnimationCategoriesScreen() {
  const { defaultLang } = useSession();
  const categories = useAnimationCategories();
  const remove = useDeleteCategory();
  const confirm = useConfirm();
  const flash = useFlash();
  const [editing, setEditing] = useState<AnimationCategory | 'new' | null>(null);

  async function del(category: AnimationCategory) {
    if (!(await confirm())) return;
    try {
      const done = await remove.mutateAsync({ id: category._id });
      if (done) flash.setSuccess(ACT.categoryDeleted);
      else flash.setError(errorSentence(ACT.categoryDeleteFailed, null));
    } catch (err) {
      flash.setError(errorSentence(ACT.categoryDeleteFailed, err));
    }
  }

  if (editing) {
    const current = editing === 'new' ? null : editing;
    return (
      <>
        <PageHeader
          title={current ? pickTranslation(current.translations, defaultLang, defaultLang, 'name') || ACT.categoriesTitle : 'Nouvelle catégorie'}
          crumbs={[ROOT, { label: ACT.categoriesTitle, to: '/animation-categories' }, { label: current ? 'Éditer' : 'Ajouter' }]}
        />
        <FlashBanner flash={flash} />
        <CategoryForm
          key={current?._id ?? 'new'}
          current={current}
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

  return (
    <>
      <PageHeader
        title={ACT.categoriesTitle}
        crumbs={[ROOT, { label: ACT.categoriesTitle }]}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => (flash.clear(), setEditing('new'))}>
            Ajouter une catégorie
          </Button>
        }
      />
      <FlashBanner flash={flash} />
      {categories.isPending ? (
        <ScreenLoader />
      ) : categories.error ? (
        <Alert color="red">{errorSentence(ACT.categoriesFetchFailed, categories.error)}</Alert>
      ) : categories.data.length === 0 ? (
        <EmptyState>{ACT.categoriesEmpty}</EmptyState>
      ) : (
        <Paper withBorder radius="md">
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nom</Table.Th>
                <Table.Th visibleFrom="xs">Couleur</Table.Th>
                <Table.Th w={1} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {categories.data.map((c) => {
                const name = pickTranslation(c.translations, defaultLang, defaultLang, 'name');
                return (
                  <Table.Tr key={c._id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <ColorSwatch color={`#${c.color}`} size={18} aria-hidden />
                        <Text size="sm" fw={500}>
                          {name}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td visibleFrom="xs">
                      <Text size="sm" c="dimmed" ff="monospace">
                        #{c.color.toUpperCase()}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Button variant="subtle" size="xs" leftSection={<IconPencil size={14} />} onClick={() => (flash.clear(), setEditing(c))}>
                          Éditer
                        </Button>
                        <ActionIcon variant="subtle" color="red" aria-label={`Supprimer ${name}`} onClick={() => void del(c)}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </>
  );
}
