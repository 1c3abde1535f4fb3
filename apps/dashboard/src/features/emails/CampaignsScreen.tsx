import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Anchor, Badge, Button, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { Campaign } from '@campsite/shared';
import { CAMPAIGN_PREVIEW, EMAILS, pickTranslation } from '@campsite/shared';
import { navCrumbs } from '../../shell/nav';
import { useSession } from '../../shell/session';
import { useConfirm } from '../../components/confirm';
import { useArrivalFlash, useFlash } from '../../components/flash';
import { ActionsTh, ListScreen, ListTable } from '../../components/ListScreen';
import { errorSentence } from '../../lib/errors';
import { useCampaign, useCampaignCancel, useCampaigns } from './api/emails-queries';

/** dd/mm/yyyy hh:mm in the establishment's zone (002 §9). */
function dateTime(epoch: number, timeZone: string) {
  return new Intl.DateTimeFormat('fr-FR', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(epoch * 1000);
}
/** '0 envoyé', '1 envoyé', '2 envoyés': French takes the singular below 2. */
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('fr-FR')} ${n < 2 ? one : many}`;
const time = (epoch: number, timeZone: string) => new Intl.DateTimeFormat('fr-FR', { timeZone, hour: '2-digit', minute: '2-digit' }).format(epoch * 1000);

/** 002 §2 'Pré-programmer des envoi d'e-mails': the campaigns, their progress and their addresses. */
export default function CampaignsScreen() {
  const { defaultLang, timeZone, has } = useSession();
  const navigate = useNavigate();
  const flash = useFlash();
  const campaigns = useCampaigns();
  const cancel = useCampaignCancel();
  const confirm = useConfirm();
  const [now, setNow] = useState(() => Date.now() / 1000);
  useArrivalFlash(flash);
  // the 'Annuler l'envoi' button goes when the send time comes
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() / 1000), 5000);
    return () => clearInterval(timer);
  }, []);

  async function onCancel(c: Campaign) {
    if (!(await confirm({ message: EMAILS.cancelConfirm }))) return;
    try {
      if (await cancel.mutateAsync({ id: c._id })) flash.setSuccess(EMAILS.campaignCancelled);
      else flash.setError(errorSentence("Impossible d'annuler l'envoi", null, 1));
    } catch (err) {
      flash.setError(errorSentence("Impossible d'annuler l'envoi", err, 2));
    }
  }

  return (
    <ListScreen
      title={EMAILS.campaignsTitle}
      crumbs={navCrumbs('/administration/auto-email')}
      flash={flash}
      read={campaigns}
      failed={EMAILS.loadFailed}
      empty={EMAILS.noCampaign}
      // a send starts from the clients chosen on the client list (002 §2), which needs the users flag
      action={has('users') ? { label: 'Nouvel envoi', onClick: () => navigate('/users/clients') } : undefined}
    >
      {(data) => (
        <ListTable
          head={
            <>
              <Table.Th>Date d'envoi</Table.Th>
              <Table.Th>Objet</Table.Th>
              <Table.Th>Envoyé</Table.Th>
              <Table.Th>Destinataires</Table.Th>
              <ActionsTh />
            </>
          }
        >
          {data.map((c) => {
            const subject = pickTranslation(c.translations, defaultLang, defaultLang, 'title');
            return (
              // a row is as tall as its addresses: every cell reads from the top
              <Table.Tr key={c._id} style={{ verticalAlign: 'top' }}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(c.timestamp, timeZone)}</Table.Td>
                <Table.Td miw={180}>{subject}</Table.Td>
                <Table.Td>
                  <SentCell campaign={c} timeZone={timeZone} />
                </Table.Td>
                <Table.Td>
                  <Addresses campaign={c} />
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>
                  {c.status === 'scheduled' && c.timestamp > now && (
                    <Button size="xs" variant="light" color="red" onClick={() => void onCancel(c)} aria-label={`${EMAILS.cancelSend} : ${subject}`}>
                      {EMAILS.cancelSend}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ListTable>
      )}
    </ListScreen>
  );
}

/** 002 §2: 'n/total' while incomplete, else the send date; ours: cancelled, and the failures with their reasons. */
function SentCell({ campaign: c, timeZone }: { campaign: Campaign; timeZone: string }) {
  const done = c.sent_count + c.failed_count;
  // a campaign sent to the end skipped only the addresses that had unsubscribed (issue 20)
  const unsubscribed = c.status === 'sent' ? Math.max(0, c.total - done) : 0;
  return (
    <Stack gap={4} align="flex-start">
      {c.status === 'cancelled' ? (
        // a sentence, not a badge: a badge's capitals cut the date short in a narrow column
        <Text size="sm" fw={600} c="gray.8" miw={130}>
          Annulé le {dateTime(c.cancelled_time ?? c.update_time, timeZone)}
        </Text>
      ) : c.sent === false ? (
        <Text size="sm" fw={600}>
          {done}/{c.total}
        </Text>
      ) : (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {dateTime(c.sent, timeZone)}
        </Text>
      )}
      {c.status === 'cancelled' && c.sent_count > 0 && <Text size="xs">{c.sent_count} envoyé{c.sent_count > 1 ? 's' : ''} avant l'annulation</Text>}
      {c.status !== 'cancelled' && (c.sent !== false || done > 0) && (
        <Text size="xs" c="dimmed" data-testid="campaign-counts">
          {plural(c.sent_count, 'envoyé', 'envoyés')}
          {unsubscribed > 0 && ` · ${plural(unsubscribed, 'désabonné', 'désabonnés')}`}
        </Text>
      )}
      {(c.sent_twice ?? 0) > 0 && (
        // a server stopped between handing a mail to the SMTP server and noting it: that address was mailed again
        <Text size="xs" c="orange.9" maw={280}>
          {c.sent_twice === 1 ? '1 destinataire a peut-être reçu ce message deux fois' : `${c.sent_twice} destinataires ont peut-être reçu ce message deux fois`}{' '}
          (serveur arrêté pendant l'envoi)
        </Text>
      )}
      {c.retry && (
        // the SMTP server failed for a while: why, and when the next try is (the scheduler retries by itself)
        <Text size="xs" c="red.9" maw={280} role="status">
          {c.retry.error}. {EMAILS.retryAt(time(c.retry.at, timeZone))}
        </Text>
      )}
      {c.failed_count > 0 && (
        <Badge color="red" variant="light">
          {c.failed_count} échec{c.failed_count > 1 ? 's' : ''}
        </Badge>
      )}
    </Stack>
  );
}

/** At most 10 addresses, then 'Afficher plus' (every address, read on demand) / 'Afficher moins'. */
function Addresses({ campaign: c }: { campaign: Campaign }) {
  const [all, setAll] = useState(false);
  const full = useCampaign(all ? c._id : null);
  const list = all && full.data ? full.data.email_list : c.email_list.slice(0, CAMPAIGN_PREVIEW);
  return (
    <Stack gap={2} align="flex-start">
      {list.map((r) => (
        <Text key={r.email} size="sm" c={r.status === 'failed' ? 'red.8' : undefined}>
          {r.status === 'cancelled' && r.error === EMAILS.unsubscribed ? (
            <Tooltip label={r.error} multiline maw={320}>
              <span>{r.email} (désabonné)</span>
            </Tooltip>
          ) : r.status === 'failed' && r.error ? (
            <Tooltip label={r.error} multiline maw={320}>
              <span>{r.email} (échec)</span>
            </Tooltip>
          ) : (
            r.email
          )}
        </Text>
      ))}
      {c.total > CAMPAIGN_PREVIEW && (
        <Anchor component="button" type="button" size="sm" onClick={() => setAll(!all)} aria-expanded={all}>
          {all ? EMAILS.showLess : `${EMAILS.showMore} (${c.total - CAMPAIGN_PREVIEW})`}
        </Anchor>
      )}
    </Stack>
  );
}
