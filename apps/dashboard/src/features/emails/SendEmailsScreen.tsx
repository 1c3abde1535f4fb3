import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Alert, Button, Grid, Group, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { Answer } from '@campsite/shared';
import { CAMPAIGN_MAX_AHEAD, EMAILS, CORE, buildEmailList, emails } from '@campsite/shared';
import { useSession } from '../../shell/session';
import { useConfirm } from '../../components/confirm';
import { FlashBanner, useFlash, withFlash } from '../../components/flash';
import { ScreenLoader } from '../../components/ListStates';
import { localInput, parseLocal } from '../../components/notifications/when';
import { SendTimeField, type SendWhen } from '../../components/SendTimeField';
import { PageHeader } from '../../components/PageHeader';
import { useUnsavedGuard } from '../../components/unsaved';
import { errorSentence } from '../../lib/errors';
import { useCampaignInsert, usePreview, useSelection, useTemplates } from './api/emails-queries';
import { optionLabel } from './TemplatesScreen';

/** What the client list passes (002 §2): the selected client numbers, as navigation state. */
export interface SendEmailsState {
  clients: string[];
}

/** How many addresses get the mail, in French: 0 and 1 take the singular (ours: the spec has no sentence). */
export function recipientsSentence(n: number) {
  if (n === 0) return 'Aucune adresse e-mail ne recevra ce message';
  return n === 1 ? '1 adresse e-mail recevra ce message' : `${n.toLocaleString('fr-FR')} adresses e-mail recevront ce message`;
}

/** 002 §2 'Send e-mails': counts, clients and/or users, a template, now or later, and a preview. */
export default function SendEmailsScreen() {
  const numbers = (useLocation().state as SendEmailsState | null)?.clients ?? [];
  if (numbers.length === 0) return <Navigate to="/utilisateurs" replace />;
  return <SendEmails numbers={numbers} />;
}

function SendEmails({ numbers }: { numbers: string[] }) {
  const { timeZone } = useSession();
  const navigate = useNavigate();
  const flash = useFlash();
  const selection = useSelection(numbers);
  const templates = useTemplates();
  const insert = useCampaignInsert();
  const [includeClients, setIncludeClients] = useState(true);
  const [includeUsers, setIncludeUsers] = useState(true);
  const [template, setTemplate] = useState<string | null>(null);
  const [when, setWhen] = useState<SendWhen>('now');
  const [at, setAt] = useState(() => localInput(Math.floor(Date.now() / 1000) + 3600, timeZone));
  const [errors, setErrorsState] = useState<Record<string, string>>({});
  // a field's error goes when that field changes; the banner once no error is left (as components/form.tsx)
  const setErrors = (next: Record<string, string>) => {
    setErrorsState(next);
    if (Object.keys(next).length === 0 && flash.error === CORE.formError) flash.clear();
  };
  const fixed = (...fields: string[]) => {
    if (fields.some((k) => k in errors)) setErrors(Object.fromEntries(Object.entries(errors).filter(([k]) => !fields.includes(k))));
  };
  const [previewOf, setPreviewOf] = useState<string | null>(null);
  const confirm = useConfirm();
  // what was chosen is kept from leaving by mistake; two clicks in a row plan one campaign
  const release = useUnsavedGuard(template !== null || when !== 'now' || !includeClients || !includeUsers);
  const sending = useRef(false);

  const list = useMemo(
    () => (selection.data ? buildEmailList(selection.data.clients, selection.data.users, { clients: includeClients, users: includeUsers }) : []),
    [selection.data, includeClients, includeUsers],
  );
  const chosen = templates.data?.find((t) => t._id === template) ?? null;
  const recipient = list.find((r) => r.email === previewOf) ?? list[0] ?? null;

  async function send() {
    if (sending.current) return;
    const next: Record<string, string> = {};
    if (!includeClients && !includeUsers) next.include = EMAILS.noRecipient;
    else if (list.length === 0) next.include = EMAILS.noAddress;
    if (!chosen) next.template = "Veuillez choisir un template d'e-mail";
    const now = Math.floor(Date.now() / 1000);
    const timestamp = when === 'now' ? now : parseLocal(at, timeZone);
    if (when === 'later' && (timestamp === null || timestamp <= now)) next.at = EMAILS.dateInFuture;
    else if (timestamp !== null && timestamp > now + CAMPAIGN_MAX_AHEAD) next.at = EMAILS.dateTooFar;
    setErrors(next);
    if (Object.keys(next).length > 0 || !chosen || timestamp === null) {
      flash.setError(CORE.formError);
      return;
    }
    sending.current = true;
    try {
      // sent at once cannot be taken back: say to how many
      if (when === 'now' && !(await confirm({ message: EMAILS.sendNowConfirm(list.length), tone: 'save' }))) return;
      await insert.mutateAsync({ timestamp, translations: chosen.translations, email_list: list, template: chosen._id });
      release();
      navigate('/administration/auto-email', withFlash(EMAILS.campaignPlanned));
    } catch (err) {
      flash.setError(errorSentence("Impossible de programmer l'envoi", err, 2));
    } finally {
      sending.current = false;
    }
  }

  const clientsWithAddress = selection.data?.clients.filter((c) => c.email1 || c.email2).length ?? 0;
  return (
    <>
      <PageHeader title={EMAILS.sendTitle} crumbs={[{ label: 'Utilisateurs', to: '/utilisateurs' }, { label: EMAILS.sendTitle }]} />
      <FlashBanner flash={flash} />
      {selection.error || templates.error ? (
        <Alert color="red" role="alert">
          {errorSentence(EMAILS.loadFailed, selection.error ?? templates.error, 1)}
        </Alert>
      ) : !selection.data || !templates.data ? (
        <ScreenLoader />
      ) : (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Paper withBorder p="lg" radius="md" component="form" noValidate aria-label="Envoi" onSubmit={(e) => (e.preventDefault(), void send())}>
              <Stack>
                <div>
                  <Text fw={700}>
                    {numbers.length} client{numbers.length > 1 ? 's' : ''} sélectionné{numbers.length > 1 ? 's' : ''}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {clientsWithAddress} avec une adresse e-mail · {selection.data.users.length} utilisateur{selection.data.users.length > 1 ? 's' : ''} de l'application
                  </Text>
                </div>
                <Switch label="Inclure les clients" checked={includeClients} onChange={(e) => (setIncludeClients(e.currentTarget.checked), fixed('include'))} />
                <Switch
                  label="Inclure les utilisateurs"
                  checked={includeUsers}
                  onChange={(e) => (setIncludeUsers(e.currentTarget.checked), fixed('include'))}
                  error={errors.include}
                />
                <Text size="sm" aria-live="polite">
                  {recipientsSentence(list.length)}
                </Text>
                <Select
                  label="Template d'e-mail"
                  required
                  placeholder="Choisissez un template"
                  data={templates.data.map((t) => ({ value: t._id, label: optionLabel(t) }))}
                  value={template}
                  onChange={(v) => (setTemplate(v), fixed('template'))}
                  error={errors.template}
                />
                <SendTimeField when={when} onWhen={(w) => (setWhen(w), fixed('at'))} input={{ value: at, onChange: (e) => (setAt(e.currentTarget.value), fixed('at')), error: errors.at }} />
                <Group justify="flex-end">
                  <Button type="submit" leftSection={<IconSend size={16} />} loading={insert.isPending}>
                    {when === 'now' ? 'Envoyer' : "Programmer l'envoi"}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="email-preview">
              <Stack>
                <Title order={2} size="h4" id="email-preview">
                  Aperçu
                </Title>
                {list.length > 0 && (
                  <Select
                    label="Tel que le reçoit"
                    data={list.slice(0, 500).map((r) => ({ value: r.email, label: `${[r.firstname, r.lastname].filter(Boolean).join(' ') || r.email} <${r.email}>` }))}
                    value={recipient?.email ?? null}
                    onChange={setPreviewOf}
                    searchable
                    allowDeselect={false}
                  />
                )}
                {chosen && recipient ? <Preview translations={chosen.translations} recipient={recipient} /> : <Text c="dimmed">Choisissez un template et des destinataires pour voir l'aperçu.</Text>}
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}

function Preview({ translations, recipient }: { translations: Answer<typeof emails.list>[number]['translations']; recipient: ReturnType<typeof buildEmailList>[number] }) {
  const preview = usePreview();
  const [mail, setMail] = useState<Answer<typeof emails.preview> | null>(null);
  const { mutateAsync } = preview;
  useEffect(() => {
    let live = true;
    mutateAsync({ translations, recipient }).then((m) => live && setMail(m), () => live && setMail(null));
    return () => {
      live = false;
    };
  }, [translations, recipient, mutateAsync]);
  if (!mail) return <ScreenLoader />;
  return (
    <Stack gap="xs">
      <Text size="sm">
        <strong>Objet :</strong> {mail.subject} <Text span c="dimmed">({mail.lang.toUpperCase()})</Text>
      </Text>
      {/* the mail's own HTML, sandboxed: no script, no link to the dashboard's session */}
      <iframe title={`Aperçu de l'e-mail : ${mail.subject}`} srcDoc={mail.html} sandbox="" style={{ width: '100%', height: 560, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }} />
    </Stack>
  );
}
