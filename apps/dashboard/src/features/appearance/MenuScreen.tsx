import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Badge, Button, Grid, Group, Image, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { MenuEntry } from '@campsite/shared';
import { CORE, APPEARANCE, MAX_MENU_ENTRIES, MENU_TYPE_LABELS, fileUrl } from '@campsite/shared';
import { FlashBanner, useFlash } from '../../components/flash';
import { WholeBadge } from '../../components/WholeBadge';
import { PageHeader } from '../../components/PageHeader';
import { errorSentence } from '../../lib/errors';
import { useDeleteMenuEntry, useMenu, useOrderMenu } from './api/appearance-queries';
import { navCrumbs } from '../../shell/nav';
import { ActionsTh, ListTable } from '../../components/ListScreen';
import { EmptyList } from '../../components/list';
import { ScreenLoader } from '../../components/ListStates';
import { RowActions } from '../../components/RowActions';
import { LogoPanel } from './LogoPanel';
import { MenuEntryForm } from './MenuEntryForm';
import { useReorder, useRowAction } from '../../components/rows';
import { useTargets } from './targets';

/** 000 §2.6 'Administer le menu': the logo and the bottom menu of the guest app. */
export default function MenuScreen() {
  const { data, error } = useMenu();
  const flash = useFlash();
  const order = useOrderMenu();
  const remove = useDeleteMenuEntry();
  const { group: rubrics } = useTargets();
  const [editing, setEditing] = useState<MenuEntry | 'new' | null>(null);
  const run = useRowAction(flash);
  // each entry is named by its current position; the answer brings the new positions back
  const rows = useReorder(data?.values, (next) => order.mutateAsync({ menu: next.map((e) => ({ nb: e.nb })) }), flash, CORE.genericError);
  const entries = rows.items ?? [];
  const full = entries.length >= MAX_MENU_ENTRIES;

  return (
    <>
      <PageHeader
        title="Administer le menu"
        crumbs={[...navCrumbs('/modules'), { label: 'Menu et logo' }]}
        // the menu's icons come from the icon library: one click to it
        actions={
          <Button component={Link} to="/icons" variant="default">
            Icônes
          </Button>
        }
      />
      <FlashBanner flash={flash} />
      <Grid gap="lg" align="flex-start">
        {/* side by side from 1200 px: narrower, the menu's table takes the whole width below the logo */}
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <LogoPanel flash={flash} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
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
                <Tooltip label={APPEARANCE.menuFull} disabled={!full}>
                  <Button leftSection={<IconPlus size={16} />} disabled={full} onClick={() => setEditing('new')}>
                    Ajouter un sous-menu
                  </Button>
                </Tooltip>
              </Group>
              {error ? (
                <Alert color="red" role="alert">
                  {errorSentence(CORE.genericError, error)}
                </Alert>
              ) : !data ? (
                <ScreenLoader />
              ) : entries.length === 0 ? (
                <EmptyList message={APPEARANCE.menuEmpty} action={full ? undefined : { label: 'Ajouter un sous-menu', onClick: () => setEditing('new') }} />
              ) : (
                <ListTable
                  head={
                    <>
                      <Table.Th w={52}>Icône</Table.Th>
                      <Table.Th>Titre</Table.Th>
                      <Table.Th w={110} visibleFrom="sm">
                        Type
                      </Table.Th>
                      <ActionsTh />
                    </>
                  }
                >
                  {entries.map((e, i) => (
                    <Table.Tr key={`${e.nb}-${e.title}`} data-testid="menu-row">
                      <Table.Td>{e.image ? <Image src={fileUrl(e.image, 192)} alt="" w={28} h={28} fit="contain" /> : <Text c="dimmed">–</Text>}</Table.Td>
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
                        <Badge variant="light" size="xs" mt={4} hiddenFrom="sm" tt="none" color={e.type === 'rubric' ? 'blue' : 'grape'}>
                          {MENU_TYPE_LABELS[e.type]}
                        </Badge>
                      </Table.Td>
                      <Table.Td visibleFrom="sm">
                        <WholeBadge color={e.type === 'rubric' ? 'blue' : 'grape'}>
                          {MENU_TYPE_LABELS[e.type]}
                        </WholeBadge>
                      </Table.Td>
                      <Table.Td>
                        <RowActions
                          item={e.title}
                          onEdit={() => setEditing(e)}
                          onMove={(step) => void rows.move(i, step)}
                          first={i === 0}
                          last={i === entries.length - 1}
                          busy={rows.busy}
                          onDelete={() => void run(null, () => remove.mutateAsync({ nb: e.nb }), APPEARANCE.menuDeleted, CORE.genericError)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </ListTable>
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
