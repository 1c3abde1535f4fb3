import { useState } from 'react';
import { Badge, ColorSwatch, Group, Image, Table, Text } from '@mantine/core';
import type { Animation } from '@campsite/shared';
import { ACTIVITIES, fileUrl, pickTranslation } from '@campsite/shared';
import { navCrumbs } from '../../shell/nav';
import { useSession } from '../../shell/session';
import { useRowAction } from '../../components/rows';
import { useFlash } from '../../components/flash';
import { ActionsTh, ListScreen, ListTable } from '../../components/ListScreen';
import { RowActions } from '../../components/RowActions';
import { useAnimationCategories } from './api/animation-categories-queries';
import { useAnimations, useDeleteAnimation } from './api/animations-queries';
import { AnimationForm } from './AnimationForm';

/** 001 §2 'Animations': 'Vos activités', the table and the create/edit form. */
export default function AnimationsScreen() {
  const { defaultLang } = useSession();
  const list = useAnimations();
  const categories = useAnimationCategories();
  const remove = useDeleteAnimation();
  const flash = useFlash();
  const [editing, setEditing] = useState<Animation | 'new' | null>(null);
  const nameOf = (a: Animation) => pickTranslation(a.translations, defaultLang, defaultLang, 'name');
  const categoryOf = (id: string) => categories.data?.find((c) => c._id === id);

  const run = useRowAction(flash);

  return (
    <ListScreen
      title={ACTIVITIES.animationsTitle}
      crumbs={[...navCrumbs('/animations'), ...(editing ? [{ label: editing === 'new' ? 'Ajouter' : 'Éditer' }] : [])]}
      action={{ label: 'Ajouter une activité', onClick: () => (flash.clear(), setEditing('new')) }}
      flash={flash}
      read={{ data: list.data && categories.data ? list.data : undefined, error: list.error ?? categories.error }}
      failed={ACTIVITIES.animationsFetchFailed}
      empty={ACTIVITIES.animationsEmpty}
      form={editing && <AnimationForm key={editing === 'new' ? 'new' : editing._id} current={editing === 'new' ? null : editing} categories={categories.data ?? []} flash={flash} onDone={() => setEditing(null)} />}
    >
      {(data) => (
        <ListTable
          head={
            <>
              <Table.Th>Titre</Table.Th>
              <Table.Th visibleFrom="sm">Catégorie d'activité</Table.Th>
              <Table.Th visibleFrom="sm">Affichage dynamique</Table.Th>
              <Table.Th visibleFrom="sm">Photo</Table.Th>
              <ActionsTh />
            </>
          }
        >
          {data.map((a) => {
            const category = categoryOf(a.category);
            const categoryName = category && pickTranslation(category.translations, defaultLang, defaultLang, 'name');
            const name = nameOf(a);
            return (
              <Table.Tr key={a._id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {name}
                  </Text>
                  {category && (
                    <Group gap={6} wrap="nowrap" align="flex-start" hiddenFrom="sm">
                      <ColorSwatch color={`#${category.color}`} size={10} mt={4} aria-hidden />
                      <Text size="xs" c="dimmed">
                        {categoryName}
                        {a.front ? ' · Affichage dynamique' : ''}
                      </Text>
                    </Group>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  {category && (
                    <Group gap="xs" wrap="nowrap">
                      <ColorSwatch color={`#${category.color}`} size={12} aria-hidden />
                      <Text size="sm">{categoryName}</Text>
                    </Group>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Badge variant={a.front ? 'filled' : 'light'} color={a.front ? 'teal.9' : 'gray'} tt="none">
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
                  <RowActions item={name} onEdit={() => (flash.clear(), setEditing(a))} onDelete={() => void run(null, () => remove.mutateAsync({ id: a._id }), ACTIVITIES.animationDeleted, ACTIVITIES.animationDeleteFailed)} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ListTable>
      )}
    </ListScreen>
  );
}
