import { useState } from 'react';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { DEPOSITS, deposits, desk, formatEuros } from '@campsite/shared';
import type { Flash } from '../flash';
import { useRowAction } from '../rows';
import { useCall, useCallMutation } from '../../lib/query';
import { useSession } from '../../shell/session';
import { ClaimModal } from './ClaimModal';

/**
 * The deposit follows the departure inventory (issue 25): nothing missing proposes releasing it, a priced
 * difference proposes claiming that amount (at most the deposit) with the PDF report attached. Nothing is
 * taken without this click and its question (a claim: its modal, where another amount needs a reason).
 * The release is offered only when nothing is missing (issue 32: against the arrival inventory, else the
 * expected quantities). Shown to staff with the deposits flag, once the departure
 * inventory is saved and the guest's deposit accepted.
 */
export function DepositProposal({ stayNumber, flash }: { stayNumber: string; flash: Flash }) {
  const { has, plan } = useSession();
  const allowed = has('deposits') && plan === 'premium';
  // while a release or claim is under way at Swikly (its job), the screen asks again every few seconds
  const read = useCall(deposits.ofStay, { stay_number: stayNumber }, {
    enabled: allowed,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.deposit?.settle_state === 'pending' ? 3000 : false),
  });
  const release = useCallMutation(deposits.release, [deposits.ofStay, deposits.list, desk.stay]);
  const act = useRowAction(flash);
  const [claiming, setClaiming] = useState(false);
  const data = read.data;
  if (!allowed || !data?.deposit) return null;
  const d = data.deposit;
  if (d.settlement && d.settle_state === 'pending') {
    return (
      <Alert color="blue" title="Caution" role="status">
        <Group gap="sm" wrap="nowrap" align="center">
          <Loader size="sm" aria-hidden />
          <div>
            <Text size="sm" fw={600}>
              {d.settlement === 'released' ? DEPOSITS.releasePending : DEPOSITS.claimPending(formatEuros(Math.round((d.claimed ?? 0) * 100)))}
            </Text>
            <Text size="sm">
              {`Demandée par ${d.settled_by ?? '—'}. `}
              {DEPOSITS.pendingNote}
            </Text>
          </div>
        </Group>
      </Alert>
    );
  }
  if (d.settlement) {
    return (
      <Alert color="gray" title="Caution">
        {d.settlement === 'released'
          ? `Caution libérée par ${d.settled_by ?? '—'}.`
          : `${formatEuros(Math.round((d.claimed ?? 0) * 100))} réclamés sur la caution par ${d.settled_by ?? '—'}, rapport d'inventaire joint.${d.claim_reason ? ` Raison : ${d.claim_reason}` : ''}`}
      </Alert>
    );
  }
  const p = data.proposal;
  if (!p) return null;
  const missing = p.kind === 'claim' ? (p.missing ?? []) : [];
  return (
    <Alert color={p.kind === 'claim' ? 'orange' : 'green'} title={`Caution de ${formatEuros(Math.round(d.amount * 100))} déposée`}>
      {d.settle_state === 'failed' && d.settle_error && (
        <Text size="sm" c="red.9" mb="xs" role="alert">
          {DEPOSITS.settleFailed(d.settle_error)}
        </Text>
      )}
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm">
          {p.kind === 'claim'
            ? DEPOSITS.departureMissing(missing.map((m) => `${m.name} : ${m.count} / ${m.reference}`).join(', ') + ` (${p.amount_text})`)
            : "L'inventaire de sortie ne relève aucun manque."}
        </Text>
        {p.kind === 'claim' ? (
          <Button color="red.9" onClick={() => setClaiming(true)}>
            {DEPOSITS.claimTitle}
          </Button>
        ) : (
          <Button
            color="green.9"
            loading={release.isPending}
            onClick={() => void act(DEPOSITS.releaseQuestion, () => release.mutateAsync({ stay_number: stayNumber }), DEPOSITS.releaseRecorded, DEPOSITS.releaseFailed)}
          >
            {DEPOSITS.release}
          </Button>
        )}
      </Group>
      {claiming && (
        <ClaimModal
          stayNumber={stayNumber}
          proposed={p.amount}
          deposit={d.amount}
          onClose={() => setClaiming(false)}
          onDone={(message) => {
            setClaiming(false);
            flash.setSuccess(message);
          }}
        />
      )}
    </Alert>
  );
}
