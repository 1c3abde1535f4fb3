import { useState } from 'react';
import { Table, Text, TextInput } from '@mantine/core';
import { CHAT, CHAT_REPLY_NAME_MAX, CHAT_MESSAGE_MAX, LANGUAGE_NAMES, REPLY_TEXT, chatReplyInsert, isLang, textErrors, type ChatReply } from '@campsite/shared';
import { FormCard } from '../../components/FormCard';
import { useFlash, type Flash } from '../../components/flash';
import { langTexts, toTranslations, useContractForm, type LangTexts } from '../../components/form';
import { ActionsTh, ListScreen, ListTable } from '../../components/ListScreen';
import { RowActions } from '../../components/RowActions';
import { useRowAction } from '../../components/rows';
import { TranslatedInput } from '../../components/translated';
import { WholeBadge } from '../../components/WholeBadge';
import { navCrumbs } from '../../shell/nav';
import { useSession } from '../../shell/session';
import { useReplies, useReplyDelete, useReplyInsert, useReplyUpdate } from './api/chat-queries';

/**
 * Saved replies (issue 33; docs/messages.md): the answers sent often, written once in each language. While
 * answering, 'Réponse enregistrée' inserts the guest's language version (else English, else the default).
 */
export default function RepliesScreen() {
  const [editing, setEditing] = useState<ChatReply | 'new' | null>(null);
  const flash = useFlash();
  const replies = useReplies();
  const remove = useReplyDelete();
  const run = useRowAction(flash);
  return (
    <ListScreen
      title={CHAT.replies}
      crumbs={[...navCrumbs('/messages/chat'), { label: CHAT.crumb, to: '/messages/chat' }, { label: CHAT.repliesCrumb }]}
      action={{ label: CHAT.replyNew, onClick: () => (flash.clear(), setEditing('new')) }}
      flash={flash}
      read={replies}
      failed={CHAT.readReplies}
      empty={CHAT.repliesEmpty}
      form={editing && <ReplyForm key={editing === 'new' ? 'new' : editing._id} current={editing === 'new' ? null : editing} flash={flash} onDone={() => setEditing(null)} />}
    >
      {(data) => (
        <>
          <Text size="sm" c="dimmed" mb="sm">
            {CHAT.repliesEmptyHint}
          </Text>
          <ListTable
            head={
              <>
                <Table.Th>{CHAT.replyName}</Table.Th>
                <Table.Th>{CHAT.replyText}</Table.Th>
                <Table.Th>Langues</Table.Th>
                <ActionsTh />
              </>
            }
          >
            {data.map((r) => (
              <Table.Tr key={r._id}>
                <Table.Td fw={600}>{r.name}</Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {r.translations[0]?.text}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {r.translations.map((t) => (
                    <WholeBadge key={t.lang} size="xs" variant="default" mr={4}>
                      {isLang(t.lang) ? LANGUAGE_NAMES[t.lang] : t.lang}
                    </WholeBadge>
                  ))}
                </Table.Td>
                <Table.Td>
                  <RowActions
                    item={r.name}
                    onEdit={() => (flash.clear(), setEditing(r))}
                    onDelete={() => void run(`Supprimer la réponse « ${r.name} » ?`, () => remove.mutateAsync({ id: r._id }), CHAT.replyDeleted, CHAT.replyDelete)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        </>
      )}
    </ListScreen>
  );
}

interface Values extends Record<string, unknown> {
  name: string;
  text: LangTexts;
}

function ReplyForm({ current, flash, onDone }: { current: ChatReply | null; flash: Flash; onDone(): void }) {
  const { langs, defaultLang } = useSession();
  const insert = useReplyInsert();
  const update = useReplyUpdate();
  const f = useContractForm({
    initial: { name: current?.name ?? '', text: langTexts(current?.translations, 'text') } as Values,
    schema: chatReplyInsert,
    toBody: (v) => ({ name: v.name, translations: toTranslations({ text: v.text }, langs, defaultLang) }),
    check: (_, body) => textErrors(body.translations, defaultLang, [REPLY_TEXT]),
    translated: { fields: ['text'], warning: CHAT.replyNotTranslated },
    save: (body) => (current ? update.mutateAsync({ _id: current._id, ...body }) : insert.mutateAsync(body)),
    action: current ? CHAT.replyUpdate : CHAT.replyCreate,
    success: current ? CHAT.replyUpdated : CHAT.replyCreated,
    onSaved: onDone,
    flash,
  });
  return (
    <FormCard form={f} title={current ? CHAT.replyEdit : CHAT.replyNew} submit={current ? 'Mettre à jour' : 'Créer'} onCancel={onDone} translated maw={720}>
      <TextInput label={CHAT.replyName} description={CHAT.replyNameHint} required maxLength={CHAT_REPLY_NAME_MAX} {...f.form.getInputProps('name')} />
      <TranslatedInput form={f} field="text" label={CHAT.replyText} kind="long" max={CHAT_MESSAGE_MAX} />
    </FormCard>
  );
}
