import { useState } from 'react';
import { DEPOSITS, DESK, PEOPLE, TODAY, clients, deposits, inventories, serviceReservations, today, webappUsers } from '@campsite/shared';
import type { Flash } from '../flash';
import { errorSentence } from '../../lib/errors';
import { useCallMutation } from '../../lib/query';
import { TODAY_READS } from '../../shell/today-stream';

/**
 * The desk's one-click actions (issue 33), on the to-do list and the stay's page (docs/desk.md): each is the call its area's own screen makes (the client
 * card's code mail, the guest account's activation link, the deposit's 'Demander maintenant', its 'Renvoyer
 * le lien'), with that screen's sentences; the list reads again after each (and the stream tells the other
 * members). `busy` names the action under way ('<kind>:<stay>'), for its button's loader.
 */
export function useTodoActions(flash: Flash) {
  const [busy, setBusy] = useState<string | null>(null);
  const sendCode = useCallMutation(clients.sendCode, TODAY_READS);
  const sendActivation = useCallMutation(webappUsers.sendEmail, TODAY_READS);
  const requestStay = useCallMutation(deposits.requestStay, TODAY_READS);
  const resendDeposit = useCallMutation(deposits.resend, TODAY_READS);
  const dismissMail = useCallMutation(today.dismissMail, TODAY_READS);
  const dismissPush = useCallMutation(today.dismissPush, TODAY_READS);
  const cancelDeposit = useCallMutation(deposits.cancel, [...TODAY_READS, deposits.ofStay, deposits.list]);
  const startInventory = useCallMutation(inventories.insert, [...TODAY_READS, inventories.list]);
  const cancelBooking = useCallMutation(serviceReservations.delete, TODAY_READS);

  /** Runs a call: its success sentence from the answer, else the action's failure sentence (refused: step 1, an error: step 2). */
  async function run<T>(key: string, failure: string, call: () => Promise<T | false>, success: (answer: T) => string) {
    setBusy(key);
    try {
      const answer = await call();
      if (answer === false) flash.setError(errorSentence(failure, null, 1));
      else flash.setSuccess(success(answer));
    } catch (err) {
      flash.setError(errorSentence(failure, err, 2));
    } finally {
      setBusy(null);
    }
  }

  return {
    busy,
    sendCode: (stay: string, client: string) => run(`app:${stay}`, PEOPLE.codeSendFailed, () => sendCode.mutateAsync({ client_number: client }), (a) => PEOPLE.codeSent(a.email)),
    sendActivation: (stay: string, email: string) =>
      run(`app:${stay}`, PEOPLE.activationFailed, () => sendActivation.mutateAsync({ email }), () => PEOPLE.activationSent(email)),
    requestDeposit: (stay: string) => run(`deposit:${stay}`, DEPOSITS.requestFailed, () => requestStay.mutateAsync({ stay_number: stay }), () => DEPOSITS.requested),
    resendDeposit: (stay: string, id: string) => run(`deposit:${stay}`, DEPOSITS.resendFailed, () => resendDeposit.mutateAsync({ id }), () => DEPOSITS.resent),
    cancelDeposit: (stay: string, id: string) => run(`deposit:${stay}`, DEPOSITS.cancelFailed, () => cancelDeposit.mutateAsync({ id }), () => DEPOSITS.cancelled),
    /** the inventory made now, without counts (as the inventories screen makes it at its first save): 'Commencé' */
    startInventory: (stay: string, type: 'arrival' | 'departure') =>
      run(`inventory:${stay}`, DESK.startInventoryFailed, () => startInventory.mutateAsync({ stay_number: stay, type, answers: [], reviews: [] }), () => DESK.inventoryStarted),
    cancelBooking: (id: string) => run(`booking:${id}`, DESK.cancelBookingFailed, () => cancelBooking.mutateAsync({ id }), () => DESK.bookingCancelled),
    dismiss: (kind: 'mail' | 'push', id: string) =>
      run(`${kind}:${id}`, TODAY.dismissFailed, () => (kind === 'mail' ? dismissMail : dismissPush).mutateAsync({ id }), () => TODAY.dismissed),
  };
}
export type TodoActions = ReturnType<typeof useTodoActions>;
