import { Text, Textarea, TextInput } from '@mantine/core';
import { DEPOSITS, claimBody, deposits, desk, eurosToCents, formatEuros } from '@campsite/shared';
import { FormModal } from '../FormCard';
import { useContractForm } from '../form';
import { useCallMutation } from '../../lib/query';

interface Values extends Record<string, unknown> {
  amount: string;
  reason: string;
}

/** '12,5' and '12.5' alike; '' is no amount (the priced difference); anything else the server refuses in French. */
const amountOf = (typed: string) => {
  const t = typed.trim().replace(/\s/g, '').replace(',', '.');
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : -1;
};

/**
 * The claim after the departure inventory (issue 32): the priced difference (at most the deposit) is
 * prefilled; another amount (part of it, or objects without a price) asks for a reason, which goes to
 * Swikly with the report. The modal is the deliberate step the irreversible claim needs.
 */
export function ClaimModal({ stayNumber, proposed, deposit, onClose, onDone }: { stayNumber: string; proposed: number; deposit: number; onClose(): void; onDone(message: string): void }) {
  const claim = useCallMutation(deposits.claim, [deposits.ofStay, deposits.list, desk.stay]);
  const f = useContractForm({
    initial: { amount: proposed ? String(proposed).replace('.', ',') : '', reason: '' } as Values,
    schema: claimBody,
    toBody: (v) => ({ stay_number: stayNumber, amount: amountOf(v.amount), reason: v.reason.trim() || undefined }),
    check: (v): Record<string, string> => {
      const amount = amountOf(v.amount);
      if (amount === undefined) return proposed ? {} : { amount: DEPOSITS.claimAmountNeeded };
      if (amount > 0 && eurosToCents(amount) > eurosToCents(deposit)) return { amount: DEPOSITS.claimOverDeposit(formatEuros(eurosToCents(deposit))) };
      if (amount > 0 && eurosToCents(amount) !== eurosToCents(proposed) && !v.reason.trim()) return { reason: DEPOSITS.claimReasonNeeded(formatEuros(eurosToCents(proposed))) };
      return {};
    },
    save: (body) => claim.mutateAsync(body),
    action: DEPOSITS.claimFailed,
    success: DEPOSITS.claimRecorded,
    onSaved: () => onDone(DEPOSITS.claimRecorded),
  });
  const typed = amountOf(f.form.values.amount);
  const shown = typed !== undefined && typed > 0 ? formatEuros(eurosToCents(typed)) : formatEuros(eurosToCents(proposed));
  return (
    <FormModal form={f} title={DEPOSITS.claimTitle} submit={DEPOSITS.claim(shown)} onClose={onClose} size="md">
      <Text size="sm">{DEPOSITS.claimHelp(formatEuros(eurosToCents(proposed)))}</Text>
      <TextInput label={DEPOSITS.claimAmount} inputMode="decimal" required {...f.form.getInputProps('amount')} />
      <Textarea label={DEPOSITS.claimReason} autosize minRows={2} maxLength={500} {...f.form.getInputProps('reason')} />
      <Text size="sm">
        {DEPOSITS.claimQuestion(shown)}
      </Text>
    </FormModal>
  );
}
