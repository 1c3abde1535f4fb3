import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, Button, Table, Text } from '@mantine/core';
import type { HomeModule } from '@campsite/shared';
import { APPEARANCE, MODULE_TYPE_LABELS } from '@campsite/shared';
import { navCrumbs } from '../../shell/nav';
import { useFlash } from '../../components/flash';
import { WholeBadge } from '../../components/WholeBadge';
import { ActionsTh, ListScreen, ListTable } from '../../components/ListScreen';
import { RowActions } from '../../components/RowActions';
import { useReorder, useRowAction } from '../../components/rows';
import { useDeleteModule, useModules, useOrderModules } from './api/appearance-queries';
import { ModuleForm } from './ModuleForm';
import { useTargets } from './targets';

/** 000 §2.5 'Administrer la page d'accueil': the home-page modules, in their order. */
export default function ModulesScreen() {
  const read = useModules();
  const flash = useFlash();
  const order = useOrderModules();
  const remove = useDeleteModule();
  const targets = useTargets();
  const [editing, setEditing] = useState<HomeModule | 'new' | null>(null);
  const modules = read.data ?? [];

  const targetName = (m: HomeModule) => {
    if (m.type === 'animation') return 'Les prochaines activités';
    const id = m.type === 'group' ? m.values.group : m.type === 'page' ? m.values.page : m.values.list;
    return targets[m.type].find((o) => o.value === id)?.label ?? 'Contenu introuvable';
  };

  const run = useRowAction(flash);
  // the server renumbers the orders 1, 2, … by position (000 §4)
  const rows = useReorder(read.data, (next) => order.mutateAsync({ modules: next.map((m) => ({ _id: m._id })) }), flash, APPEARANCE.modulesOrderFailed);

  return (
    <>
      <ListScreen
        title="Administrer la page d'accueil"
        crumbs={navCrumbs('/modules')}
        actions={
          <>
            <Button component={Link} to="/menu" variant="default">
              Menu et logo
            </Button>
            <Button component={Link} to="/themes" variant="default">
              Thèmes
            </Button>
            <Button component={Link} to="/icons" variant="default">
              Icônes
            </Button>
          </>
        }
        action={{ label: 'Ajouter un module', onClick: () => (flash.clear(), setEditing('new')) }}
        flash={flash}
        read={{ data: rows.items, error: read.error }}
        failed={APPEARANCE.modulesLoadFailed}
        empty={APPEARANCE.modulesEmpty}
      >
        {(list) => (
          <ListTable
            minWidth={340}
            head={
              <>
                <Table.Th w={56}>Ordre</Table.Th>
                <Table.Th>Nom</Table.Th>
                <Table.Th w={150} visibleFrom="sm">
                  Type
                </Table.Th>
                <ActionsTh />
              </>
            }
          >
            {list.map((m, i) => (
              <Table.Tr key={m._id} data-testid="module-row">
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {m.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {targetName(m)}
                  </Text>
                  {/* on a phone the type goes under the name, its column hidden */}
                  <Badge variant="light" size="xs" mt={4} hiddenFrom="sm" tt="none">
                    {MODULE_TYPE_LABELS[m.type]}
                  </Badge>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <WholeBadge>
                    {MODULE_TYPE_LABELS[m.type]}
                  </WholeBadge>
                </Table.Td>
                <Table.Td>
                  <RowActions
                    item={m.name}
                    onEdit={() => (flash.clear(), setEditing(m))}
                    onMove={(step) => void rows.move(i, step)}
                    first={i === 0}
                    last={i === list.length - 1}
                    busy={rows.busy}
                    onDelete={() => void run(null, () => remove.mutateAsync({ id: m._id }), APPEARANCE.moduleDeleted, APPEARANCE.moduleDeleteFailed)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListScreen>
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
