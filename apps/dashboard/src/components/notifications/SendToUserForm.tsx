import { useRef } from 'react';
import { TextInput, Textarea } from '@mantine/core';
import { NOTIFICATIONS, NOTIFICATION_CONTENT_MAX, NOTIFICATION_TITLE_MAX, notificationUserSendInsert } from '@campsite/shared';
import type { Flash } from '../flash';
import { SettingsCard } from '../FormCard';
import { useContractForm } from '../form';
import { Counter } from '../translated';
import { useCanNotify, useSendToUser } from './queries';

interface Values extends Record<string, unknown> {
  title: string;
  msg: string;
}

/**
 * 002 §2 the guest app user's detail: when the guest can receive notifications (the lookup says yes), a
 * form 'Envoyer une notification à l'utilisateur' with Titre and Message. It goes to that guest's devices
 * only, and says so (the spec's sentence 'à tous les utilisateurs' was wrong).
 */
export function SendToUserForm({ user, flash }: { user: string; flash: Flash }) {
  const can = useCanNotify(user);
  if (can.data !== true) return null;
  return <UserForm user={user} flash={flash} />;
}

function UserForm({ user, flash }: { user: string; flash: Flash }) {
  const send = useSendToUser();
  const blank: Values = { title: '', msg: '' };
  const reset = useRef(() => {});
  const f = useContractForm({
    initial: blank,
    schema: notificationUserSendInsert,
    toBody: (v) => ({ title: v.title, msg: v.msg, user }),
    save: (body) => send.mutateAsync(body),
    action: NOTIFICATIONS.cannotSend,
    // 002 §8: 'Une erreur s'est produite' when the send fails
    failed: () => NOTIFICATIONS.genericError,
    success: NOTIFICATIONS.sentToUser,
    onSaved: () => reset.current(),
    flash,
  });
  reset.current = () => {
    f.form.setValues(blank);
    f.form.resetDirty(blank);
  };
  const title = f.form.getInputProps('title');
  const msg = f.form.getInputProps('msg');
  return (
    <SettingsCard form={f} id="send-to-user" title={NOTIFICATIONS.sendToUser} submit={NOTIFICATIONS.sendButton} gap="sm">
        <TextInput {...title} label="Titre" description={<Counter value={String(title.value ?? '')} max={NOTIFICATION_TITLE_MAX} />} inputWrapperOrder={['label', 'input', 'description', 'error']} />
        <Textarea {...msg} label="Message" required autosize minRows={3} description={<Counter value={String(msg.value ?? '')} max={NOTIFICATION_CONTENT_MAX} />} inputWrapperOrder={['label', 'input', 'description', 'error']} />
    </SettingsCard>
  );
}
