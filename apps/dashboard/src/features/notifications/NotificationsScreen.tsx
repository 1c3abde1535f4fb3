import { useState } from 'react';
import { Anchor, Button, Grid, Stack, Table, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { NotificationTemplate } from '@campsite/shared';
import { NOTIFICATIONS, pickTranslation } from '@campsite/shared';
import { navCrumbs } from '../../shell/nav';
import { useSession } from '../../shell/session';
import { useFlash } from '../../components/flash';
import { ActionsTh, ListScreen, ListTable } from '../../components/ListScreen';
import { NotificationForm, useNotificationTemplates, useTemplateDelete } from '../../components/notifications';
import { RowActions } from '../../components/RowActions';
import { useRowAction } from '../../components/rows';
import { QuietHoursCard } from './QuietHoursCard';
import { SendsList } from './SendsList';
import { TemplateForm } from './TemplateForm';

type Mode = { kind: 'list' } | { kind: 'edit'; template: NotificationTemplate | null } | { kind: 'send'; template: NotificationTemplate | null };

/**
 * 002 §2 Notifications screen. Modes: the list of templates (with the sends and the quiet hours), create,
 * edit, send or schedule (from a template or from nothing).
 */
export default function NotificationsScreen() {
  const { defaultLang } = useSession();
  const flash = useFlash();
  const templates = useNotificationTemplates();
  const remove = useTemplateDelete();
  const run = useRowAction(flash);
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const open = (m: Mode) => {
    flash.clear();
    setMode(m);
  };
  const back = () => setMode({ kind: 'list' });

  const form =
    mode.kind === 'edit' ? (
      <TemplateForm key={mode.template?._id ?? 'new'} current={mode.template} flash={flash} onDone={back} />
    ) : mode.kind === 'send' ? (
      <NotificationForm
        key={mode.template?._id ?? 'blank'}
        title={mode.template ? `Envoyer « ${mode.template.name} »` : 'Envoyer une notification'}
        template={mode.template}
        flash={flash}
        schedule
        onCancel={back}
        onSent={back}
      />
    ) : undefined;

  return (
    <ListScreen
      title={NOTIFICATIONS.screenTitle}
      crumbs={navCrumbs('/administration/notifications')}
      flash={flash}
      read={templates}
      failed={NOTIFICATIONS.cannotRead}
      empty={NOTIFICATIONS.emptyTemplates}
      action={{ label: 'Nouveau modèle', onClick: () => open({ kind: 'edit', template: null }) }}
      actions={
        mode.kind === 'list' && (
          <Button variant="light" leftSection={<IconSend size={16} />} onClick={() => open({ kind: 'send', template: null })}>
            Envoyer une notification
          </Button>
        )
      }
      form={form}
      isEmpty={() => false}
    >
      {(data) => (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack gap="lg">
              {data.length === 0 ? (
                <Text c="dimmed">{NOTIFICATIONS.emptyTemplates}</Text>
              ) : (
                <ListTable
                  head={
                    <>
                      <Table.Th>Modèle</Table.Th>
                      <Table.Th>Titre ({defaultLang.toUpperCase()})</Table.Th>
                      <Table.Th>Langues</Table.Th>
                      <ActionsTh />
                    </>
                  }
                >
                  {data.map((t) => (
                    <Table.Tr key={t._id}>
                      <Table.Td>
                        <Anchor component="button" type="button" onClick={() => open({ kind: 'send', template: t })} fw={500} ta="left">
                          {t.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{pickTranslation(t.translations, defaultLang, defaultLang, 'title')}</Table.Td>
                      <Table.Td>{t.translations.filter((x) => x.title.trim()).map((x) => x.lang.toUpperCase()).join(', ')}</Table.Td>
                      <Table.Td>
                        <RowActions
                          item={t.name}
                          onEdit={() => open({ kind: 'edit', template: t })}
                          onDelete={() => void run(NOTIFICATIONS.deleteTemplate, () => remove.mutateAsync({ id: t._id }), NOTIFICATIONS.templateDeleted, NOTIFICATIONS.cannotDelete)}
                          extra={[{ label: 'Envoyer ou programmer', onClick: () => open({ kind: 'send', template: t }) }]}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </ListTable>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <QuietHoursCard flash={flash} />
          </Grid.Col>
          {/* the sends and their figures take the whole width: nine columns */}
          <Grid.Col span={12}>
            <SendsList flash={flash} />
          </Grid.Col>
        </Grid>
      )}
    </ListScreen>
  );
}
