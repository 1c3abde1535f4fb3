import { z } from 'zod';
import { declareJob } from '../../jobs';

/**
 * A staff answer that a guest without push has not read 15 minutes later is sent by e-mail (queued by the
 * answer, cancelled when the guest reads the conversation; it checks again when it runs). The mail says
 * there is an answer and links to that conversation in the guest app: the text stays there, behind the
 * sign-in. Sent by chat.mail.ts.
 */
export const unreadMailJob = declareJob({
  kind: 'chat.unread-mail',
  payload: z.object({ conversation: z.string() }),
  attempts: 5,
});

/**
 * A guest's message in another language than French gets its French translation (issue 33), after it was
 * written (the guest never waits for the provider). A failure is recorded on the message for staff and
 * tried again; the original stands meanwhile. Run by translate.run.ts.
 */
export const translateJob = declareJob({
  kind: 'chat.translate',
  payload: z.object({ message: z.string() }),
  attempts: 3,
  backoff: (attempt) => 30 * attempt,
});
