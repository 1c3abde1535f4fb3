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
