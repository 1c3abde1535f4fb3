import { useRef, useState } from 'react';
import { Stack, Text } from '@mantine/core';
import type { NotificationTemplate, Target } from '@campsite/shared';
import { NOTIFICATIONS, NOTIFICATION_CONTENT_MAX, NOTIFICATION_TITLE_MAX, notificationFallback, notificationLanguageIssues, notificationSendInsert } from '@campsite/shared';
import { useSession } from '../../shell/session';
import { useConfirm } from '../confirm';
import type { Flash } from '../flash';
import { FormCard } from '../FormCard';
import { langTexts, toTranslations, useContractForm, type LangTexts } from '../form';
import { TranslatedInput } from '../translated';
import { useAudience, useSchedule, useSendNow } from './queries';
import { HOME, RedirectSelect } from './RedirectSelect';
import { AudienceLine, TargetPicker } from './TargetPicker';
import { localInput, parseLocal } from './when';
import { SendTimeField, type SendWhen } from '../SendTimeField';

interface Values extends Record<string, unknown> {
  title: LangTexts;
  content: LangTexts;
  redirect: string;
  /** the send time, 'YYYY-MM-DDTHH:MM' in the establishment's zone (only for a scheduled send) */
  at: string;
}

/** staff said Non to 'Envoyer quand même ?' after the server found the quiet hours */
const DECLINED = Symbol('declined');

const blank = (tz: string): Values => ({ title: langTexts([], 'title'), content: langTexts([], 'content'), redirect: HOME, at: localInput(Math.floor(Date.now() / 1000) + 3600, tz) });

/**
 * The notification send form (002 §2, §4): title and content per language with the language switch, the
 * target page, then who receives it and how many devices that is, now or at a chosen time. Before
 * sending: the default language's texts (002 §5), the languages without a title (002 §4, Oui sends), and
 * inside the quiet hours 'Envoyer quand même ?'. On success the form starts again empty with the home as
 * its page (002 §4).
 *
 * `target` fixes who receives it (the home: everyone); without it the form offers the choice
 * (`clients`: the selection of the client list). `schedule` offers 'À une date choisie'.
 */
export function NotificationForm({
  title,
  flash,
  target: fixed,
  clients,
  schedule = false,
  template,
  onCancel,
  onSent,
  focusOnOpen = true,
}: {
  title: string;
  flash: Flash;
  target?: Target;
  clients?: string[];
  schedule?: boolean;
  /** a template to start from (its texts and page; its id goes with the send) */
  template?: NotificationTemplate | null;
  onCancel?(): void;
  onSent?(): void;
  /** false where the form is part of a page rather than opened by the user (the home) */
  focusOnOpen?: boolean;
}) {
  const { langs, defaultLang, timeZone } = useSession();
  const confirm = useConfirm();
  const send = useSendNow();
  const plan = useSchedule();
  const [chosen, setChosen] = useState<Target | null>(clients?.length ? { kind: 'clients', clients } : { kind: 'all' });
  const target = fixed ?? chosen;
  // 'Un client' or a list with nobody picked yet: not a target the audience can count
  const unpicked = target?.kind === 'users' && target.users.length === 0;
  const [when, setWhen] = useState<SendWhen>('now');
  const audience = useAudience(unpicked ? null : target);
  const forced = useRef(false);
  // the send time as the submit read it, and the form's reset after a send (set once the form exists)
  const sendAt = useRef('');
  const reset = useRef(() => {});

  const askQuiet = (q: { start: string; end: string }) =>
    confirm({ title: 'Heures calmes', message: `${NOTIFICATIONS.quietHoursNow(q.start, q.end)} ${NOTIFICATIONS.quietHours}`, yes: NOTIFICATIONS.send, no: 'Annuler', tone: 'save' });

  const initial: Values = template
    ? { ...blank(timeZone), title: langTexts(template.translations, 'title'), content: langTexts(template.translations, 'content'), redirect: template.redirect || HOME }
    : blank(timeZone);

  const f = useContractForm({
    initial,
    schema: notificationSendInsert,
    toBody: (v) => ({ id: template?._id ?? null, translations: toTranslations({ title: v.title, content: v.content }, langs, defaultLang), redirect: v.redirect, target: target ?? undefined }),
    fieldOf: { timestamp: 'at', target: 'target' },
    check: (v, body) => {
      const issues = Object.fromEntries(
        Object.entries(notificationLanguageIssues(body.translations, defaultLang)).map(([k, m]) => [`${k.endsWith('.title') ? 'title' : 'content'}.${defaultLang}`, m]),
      );
      if (!target) issues.target = NOTIFICATIONS.daysInvalid;
      else if (unpicked) issues.target = NOTIFICATIONS.pickGuest;
      const at = parseLocal(v.at, timeZone);
      if (when === 'later' && (at === null || at <= Date.now() / 1000)) issues.at = NOTIFICATIONS.dateInFuture;
      return issues;
    },
    translated: { fields: ['title'], warning: (missing) => notificationFallback(missing, langs, defaultLang) },
    ask: async (v) => {
      sendAt.current = v.at;
      forced.current = false;
      const quiet = when === 'now' ? audience.data?.quiet_hours : null;
      if (!quiet) return true;
      return (forced.current = await askQuiet(quiet));
    },
    save: async (body) => {
      if (when === 'later') {
        const timestamp = parseLocal(sendAt.current, timeZone) ?? 0;
        return plan.mutateAsync({ timestamp, translations: body.translations, redirect: body.redirect, target: body.target, id: body.id });
      }
      const answer = await send.mutateAsync({ ...body, force: forced.current });
      if (!('quiet_hours' in answer)) return answer;
      // the quiet hours began after the form last looked
      if (!(await askQuiet(answer.quiet_hours))) return DECLINED;
      return send.mutateAsync({ ...body, force: true });
    },
    refused: (answer) => (answer === DECLINED ? NOTIFICATIONS.notSentQuiet : null),
    action: NOTIFICATIONS.cannotSend,
    success: when === 'later' ? NOTIFICATIONS.scheduled : NOTIFICATIONS.sent,
    onSaved: () => {
      reset.current();
      onSent?.();
    },
    flash,
  });

  reset.current = () => {
    const fresh = blank(timeZone);
    f.form.setValues(fresh);
    f.form.resetDirty(fresh);
    f.setLang(defaultLang);
    setWhen('now');
  };
  return (
    <FormCard form={f} title={title} submit={when === 'now' ? NOTIFICATIONS.send : "Programmer l'envoi"} translated onCancel={onCancel} maw={760} focusOnOpen={focusOnOpen}>
      <TranslatedInput form={f} field="title" label="Titre" max={NOTIFICATION_TITLE_MAX} />
      <TranslatedInput form={f} field="content" label="Contenu" kind="long" max={NOTIFICATION_CONTENT_MAX} />
      <RedirectSelect value={f.form.values.redirect} onChange={(v) => f.form.setFieldValue('redirect', v)} error={f.form.errors.redirect as string | undefined} />
      <Stack gap={6}>
        {fixed ? <Text size="sm" fw={500}>Destinataires : {fixed.kind === 'all' ? 'tous les utilisateurs' : 'la sélection'}</Text> : <TargetPicker value={chosen} onChange={(t) => (setChosen(t), f.form.clearFieldError('target'))} clients={clients} />}
        {f.form.errors.target && (
          <Text size="sm" c="red.8" role="alert">
            {f.form.errors.target}
          </Text>
        )}
        {target && !unpicked && <AudienceLine devices={audience.data?.devices} users={audience.data?.users} />}
      </Stack>
      <SendTimeField when={when} onWhen={setWhen} input={f.form.getInputProps('at')} choice={schedule} />
    </FormCard>
  );
}
