import { useState } from 'react';
import { DEPOSITS, PEOPLE, TODAY, clients, deposits, today, webappUsers } from '@campsite/shared';
import type { Flash } from '../../../components/flash';
import { errorSentence } from '../../../lib/errors';
import { useCallMutation } from '../../../lib/query';
import { TODAY_READS } from '../../../shell/today-stream';

/**
 * The to-do list's one-click actions (issue 33): each is the call its area's own screen makes (the client
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
    dismiss: (kind: 'mail' | 'push', id: string) =>
      run(`${kind}:${id}`, TODAY.dismissFailed, () => (kind === 'mail' ? dismissMail : dismissPush).mutateAsync({ id }), () => TODAY.dismissed),
  };
}
export type TodoActions = ReturnType<typeof useTodoActions>;
