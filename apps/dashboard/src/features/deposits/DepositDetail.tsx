import { useState } from 'react';
import { Anchor, Button, Group, Modal } from '@mantine/core';
import { DEPOSITS, type Deposit } from '@campsite/shared';
import { Details } from '../../components/Details';
import { useConfirm } from '../../components/confirm';
import { FlashBanner, useFlash } from '../../components/flash';
import { StayLink } from '../../components/PeopleLinks';
import { errorSentence } from '../../lib/errors';
import { day, dayTime } from '../../lib/format';
import { useSession } from '../../shell/session';
import { useDepositCancel, useDepositRequestNow, useDepositResend } from './api/deposits-queries';
import { DepositStatus, euros } from './DepositStatus';

/** 'Informations sur la caution' (002 §2): what the deposit is, and what staff can do with it (issue 32). */
export function DepositDetail({ deposit, onClose }: { deposit: Deposit; onClose(): void }) {
  const { timeZone } = useSession();
  // the detail follows the actions' answers (a request made again is a new deposit row)
  const [d, setD] = useState(deposit);
  const flash = useFlash();
  const rows: [string, React.ReactNode][] = [
    ['Client', `${d.user.firstname} ${d.user.lastname} (n° ${d.client_number})`],
    ['E-mail', d.user.email || '—'],
    [
      'Séjour',
      <span key="s">
        n° <StayLink stay={d.stay}>{d.stay}</StayLink>, du {day(d.arrival, timeZone)} au {day(d.departure, timeZone)}
      </span>,
    ],
    ['Emplacement', d.location ?? '—'],
    ['Montant', euros(d.amount)],
    ['Statut', <DepositStatus key="s" status={d.status} />],
    // the moment the guest deposited; a deposit not made has none (its request's time is the next line)
    ['Date de dépôt', d.status === 'OK' && d.deposited_time ? dayTime(d.deposited_time, timeZone) : '—'],
    ['Demande créée le', dayTime(d.created_time, timeZone)],
    ['Référence Swikly', d.reference ?? '—'],
  ];
  if (d.link && !d.status) rows.push(['Lien du client', <Anchor key="l" href={d.link} target="_blank" rel="noreferrer" style={{ overflowWrap: 'anywhere' }}>{d.link}</Anchor>]);
  if (d.error) rows.push(['Demande non envoyée', d.error]);
  // a release or claim asked and not yet answered by Swikly (issue 29): its job finishes it
  const pending = d.settle_state === 'pending' ? ` (${DEPOSITS.pendingStatus.toLowerCase()})` : '';
  if (d.settlement === 'released') rows.push([pending ? 'Libération demandée' : 'Libérée', `le ${dayTime(d.settled_time, timeZone)} par ${d.settled_by ?? '—'}${pending}`]);
  if (d.settlement === 'claimed') rows.push([pending ? 'Réclamation demandée' : 'Réclamée', `${euros(d.claimed ?? 0)} le ${dayTime(d.settled_time, timeZone)} par ${d.settled_by ?? '—'}${pending}`]);
  if (!d.settlement && d.settle_state === 'failed' && d.settle_error) rows.push(['Dernière tentative', DEPOSITS.settleFailed(d.settle_error)]);
  return (
    <Modal opened onClose={onClose} title={DEPOSITS.detailTitle} size="lg" closeButtonProps={{ 'aria-label': 'Fermer' }}>
      <FlashBanner flash={flash} />
      <Details rows={rows} />
      <Actions deposit={d} onDone={setD} flash={flash} />
    </Modal>
  );
}

/**
 * Resend the link (a request the guest has not answered), cancel it (asked first), request now (never
 * made, refused, expired, cancelled, or the guest arrived before it went). The server says why it refuses.
 */
function Actions({ deposit: d, onDone, flash }: { deposit: Deposit; onDone(d: Deposit): void; flash: ReturnType<typeof useFlash> }) {
  const confirm = useConfirm();
  const resend = useDepositResend();
  const cancel = useDepositCancel();
  const requestNow = useDepositRequestNow();
  const [busy, setBusy] = useState(false);
  const open = !d.status && !d.settlement;
  const canResend = open && !!d.link;
  const canCancel = open;
  // a stay over (its departure day gone) cannot be asked any more
  const over = d.departure + 86400 <= Date.now() / 1000;
  const canRequest = !over && d.status !== 'OK' && (d.status !== '' || (!d.reference && !!d.error));
  if (!canResend && !canCancel && !canRequest) return null;
  async function run(call: () => Promise<Deposit | false>, done: string, action: string) {
    setBusy(true);
    try {
      const answer = await call();
      if (answer) {
        onDone(answer);
        flash.setSuccess(done);
      } else flash.setError(errorSentence(action, null, 1));
    } catch (err) {
      flash.setError(errorSentence(action, err, 2));
    } finally {
      setBusy(false);
    }
  }
  const body = { id: d._id };
  return (
    <Group justify="flex-end" mt="lg" gap="sm">
      {canCancel && (
        <Button
          variant="default"
          color="red"
          disabled={busy}
          onClick={async () => {
            if (await confirm({ message: DEPOSITS.cancelQuestion })) await run(() => cancel.mutateAsync(body), DEPOSITS.cancelled, DEPOSITS.cancelFailed);
          }}
        >
          {DEPOSITS.cancel}
        </Button>
      )}
      {canResend && (
        <Button variant="default" disabled={busy} onClick={() => run(() => resend.mutateAsync(body), DEPOSITS.resent, DEPOSITS.resendFailed)}>
          {DEPOSITS.resend}
        </Button>
      )}
      {canRequest && (
        <Button disabled={busy} onClick={() => run(() => requestNow.mutateAsync(body), DEPOSITS.requested, DEPOSITS.requestFailed)}>
          {DEPOSITS.requestNow}
        </Button>
      )}
    </Group>
  );
}
