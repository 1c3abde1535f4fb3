import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, Button, Center, Group, Loader, Paper, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { HomeModule } from '@campsite/shared';
import { MA, MODULE_TYPE_LABELS, modules as calls } from '@campsite/shared';
import { useConfirm } from '../../components/confirm';
import { FlashBanner, useFlash } from '../../components/flash';
import { PageHeader } from '../../components/PageHeader';
import { errorSentence } from '../../lib/errors';
import { keyOf } from '../../lib/query';
import { useDeleteModule, useModules, useOrderModules } from './api/appearance-queries';
import { BOOKLET_CRUMB } from './crumbs';
import { ModuleForm } from './ModuleForm';
import { ActionCells, ActionHeaders } from './RowActions';
import { moved } from './reorder';
import { useTargets } from './targets';

/** 000 §2.5 'Administrer la page d'accueil': the home-page modules, in their order. */
export default function ModulesScreen() {
  const { data: list, isLoading, isError } = useModules();
  const flash = useFlash();
  const confirm = useConfirm();
  const client = useQueryClient();
  const order = useOrderModules();
  const remove = useDeleteModule();
  const targets = useTargets();
  const [editing, setEditing] = useState<HomeModule | 'new' | null>(null);
  const modules = list ?? [];

  const targetName = (m: HomeModule) => {
    if (m.type === 'animation') return 'Les prochaines activités';
    const id = m.type === 'group' ? m.values.group : m.type === 'page' ? m.values.page : m.values.list;
    return targets[m.type].find((o) => o.value === id)?.label ?? 'Contenu introuvable';
  };

  async function move(index: number, step: -1 | 1) {
    // renumbered by position before saving, and shown at once (000 §4)
    const next = moved(modules, index, step).map((m, i) => ({ ...m, order: i + 1 }));
    client.setQueryData(keyOf(calls.list), next);
    try {
      const saved = await order.mutateAsync({ modules: next.map((m) => ({ _id: m._id })) });
      if (!saved) flash.setError(errorSentence(MA.modulesOrderFailed, null));
    } catch (err) {
      flash.setError(errorSentence(MA.modulesOrderFailed, err));
      await client.invalidateQueries({ queryKey: keyOf(calls.list) });
    }
  }

  async function del(m: HomeModule) {
    if (!(await confirm())) return;
    try {
      const done = await remove.mutateAsync({ id: m._id });
      if (done) flash.setSuccess(MA.moduleDeleted);
      else flash.setError(errorSentence(MA.moduleDeleteFailed, null));
    } catch (err) {
      flash.setError(errorSentence(MA.moduleDeleteFailed, err));
    }
  }

  return (
    <>
      <PageHeader
        title="Administrer la page d'accueil"
        crumbs={[BOOKLET_CRUMB, { label: "Page d'accueil" }]}
        actions={
          <Group gap="xs">
            <Button component={Link} to="/menu" variant="default">
              Menu et logo
            </Button>
            <Button component={Link} to="/themes" variant="default">
              Thèmes
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              Ajouter un module
            </Button>
          </Group>
        }
      />
      <FlashBanner flash={flash} />
      {isLoading ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : isError ? (
        <Text c="red">{MA.modulesLoadFailed}</Text>
      ) : modules.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text c="dimmed">{MA.modulesEmpty}</Text>
        </Paper>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={340}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={56}>Ordre</Table.Th>
                  <Table.Th>Nom</Table.Th>
                  <Table.Th visibleFrom="sm">Type</Table.Th>
                  <ActionHeaders />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {modules.map((m, i) => (
                  <Table.Tr key={m._id} data-testid="module-row">
                    <Table.Td>{m.order}</Table.Td>
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {m.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {targetName(m)}
                      </Text>
                      {/* on a phone the type goes under the name, its column hidden */}
                      <Badge variant="light" size="xs" mt={4} hiddenFrom="sm">
                        {MODULE_TYPE_LABELS[m.type]}
                      </Badge>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Badge variant="light">{MODULE_TYPE_LABELS[m.type]}</Badge>
                    </Table.Td>
                    <ActionCells
                      label={m.name}
                      first={i === 0}
                      last={i === modules.length - 1}
                      busy={order.isPending}
                      onMove={(step) => move(i, step)}
                      onEdit={() => setEditing(m)}
                      onDelete={() => del(m)}
                    />
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {editing && (
        <ModuleForm
          current={editing === 'new' ? null : editing}
          nextOrder={Math.max(0, ...modules.map((m) => m.order)) + 1}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            flash.setSuccess(message);
          }}
        />
      )}
    </>
  );
}
