import { useState } from 'react';
import { Badge, Button, Center, Grid, Group, Image, Loader, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { MenuEntry } from '@campsite/shared';
import { M, MA, MAX_MENU_ENTRIES, MENU_TYPE_LABELS, fileUrl, menu as calls } from '@campsite/shared';
import { useConfirm } from '../../components/confirm';
import { FlashBanner, useFlash } from '../../components/flash';
import { PageHeader } from '../../components/PageHeader';
import { errorSentence } from '../../lib/errors';
import { keyOf } from '../../lib/query';
import { useDeleteMenuEntry, useMenu, useOrderMenu } from './api/appearance-queries';
import { BOOKLET_CRUMB } from './crumbs';
import { LogoPanel } from './LogoPanel';
import { MenuEntryForm } from './MenuEntryForm';
import { ActionCells, ActionHeaders } from './RowActions';
import { moved } from './reorder';
import { useTargets } from './targets';

/** 000 §2.6 'Administer le menu': the logo and the bottom menu of the guest app. */
export default function MenuScreen() {
  const { data, isLoading } = useMenu();
  const flash = useFlash();
  const confirm = useConfirm();
  const client = useQueryClient();
  const order = useOrderMenu();
  const remove = useDeleteMenuEntry();
  const { group: rubrics } = useTargets();
  const [editing, setEditing] = useState<MenuEntry | 'new' | null>(null);
  const entries = data?.values ?? [];
  const full = entries.length >= MAX_MENU_ENTRIES;

  async function move(index: number, step: -1 | 1) {
    const next = moved(entries, index, step);
    // shown at once, saved in one call; the answer brings the positions back
    client.setQueryData(keyOf(calls.get), { values: next.map((e, nb) => ({ ...e, nb })) });
    try {
      const saved = await order.mutateAsync({ menu: next.map((e) => ({ nb: e.nb })) });
      if (!saved) throw new Error();
    } catch {
      flash.setError(M.genericError);
      await client.invalidateQueries({ queryKey: keyOf(calls.get) });
    }
  }

  async function del(entry: MenuEntry) {
    if (!(await confirm())) return;
    try {
      const saved = await remove.mutateAsync({ nb: entry.nb });
      if (saved) flash.setSuccess(MA.menuDeleted);
      else flash.setError(M.genericError);
    } catch (err) {
      flash.setError(errorSentence(M.genericError, err));
    }
  }

  return (
    <>
      <PageHeader title="Administer le menu" crumbs={[BOOKLET_CRUMB, { label: "Page d'accueil", to: '/modules' }, { label: 'Menu' }]} />
      <FlashBanner flash={flash} />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <LogoPanel flash={flash} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
            <Stack>
              <Group justify="space-between" align="flex-start">
                <div>
                  <Title order={2} size="h4">
                    Menu du bas
                  </Title>
                  <Text size="sm" c="dimmed">
                    Jusqu'à {MAX_MENU_ENTRIES} sous-menus, affichés en bas de l'application.
                  </Text>
                </div>
                <Tooltip label={MA.menuFull} disabled={!full}>
                  <Button leftSection={<IconPlus size={16} />} disabled={full} onClick={() => setEditing('new')}>
                    Ajouter un sous-menu
                  </Button>
                </Tooltip>
              </Group>
              {isLoading ? (
                <Center py="lg">
                  <Loader />
                </Center>
              ) : entries.length === 0 ? (
                <Text c="dimmed">{MA.menuEmpty}</Text>
              ) : (
                <Table.ScrollContainer minWidth={320}>
                  <Table verticalSpacing="sm" highlightOnHover>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w={52}>Icône</Table.Th>
                        <Table.Th>Titre</Table.Th>
                        <Table.Th visibleFrom="sm">Type</Table.Th>
                        <ActionHeaders />
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {entries.map((e, i) => (
                        <Table.Tr key={`${e.nb}-${e.title}`} data-testid="menu-row">
                          <Table.Td>
                            {e.image ? <Image src={fileUrl(e.image, 192)} alt="" w={28} h={28} fit="contain" /> : <Text c="dimmed">–</Text>}
                          </Table.Td>
                          <Table.Td>
                            <Text fw={600} size="sm">
                              {e.title}
                            </Text>
                            {e.type === 'rubric' && (
                              <Text size="xs" c="dimmed">
                                {rubrics.find((r) => r.value === e.rubric)?.label ?? 'Rubrique introuvable'}
                              </Text>
                            )}
                            {/* on a phone the type goes under the title, its column hidden */}
                            <Badge variant="light" size="xs" mt={4} hiddenFrom="sm" color={e.type === 'rubric' ? 'blue' : 'grape'}>
                              {MENU_TYPE_LABELS[e.type]}
                            </Badge>
                          </Table.Td>
                          <Table.Td visibleFrom="sm">
                            <Badge variant="light" color={e.type === 'rubric' ? 'blue' : 'grape'}>
                              {MENU_TYPE_LABELS[e.type]}
                            </Badge>
                          </Table.Td>
                          <ActionCells
                            label={e.title}
                            first={i === 0}
                            last={i === entries.length - 1}
                            busy={order.isPending}
                            onMove={(step) => move(i, step)}
                            onEdit={() => setEditing(e)}
                            onDelete={() => del(e)}
                          />
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      {editing && (
        <MenuEntryForm
          current={editing === 'new' ? null : editing}
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
