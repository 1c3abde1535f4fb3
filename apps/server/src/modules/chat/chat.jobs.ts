import { z } from 'zod';
import { conversationPath, isLang } from '@campsite/shared';
import { mailFailure } from '../../integrations/mailer';
import { defineJob, type JobArea } from '../../jobs';
import { guestBase } from '../emails/render';
import { sendTemplate } from '../emails/send';
import * as repo from './chat.repository';
import { UNREAD_MAIL } from './chat.texts';

/**
 * A staff answer that a guest without push has not read 15 minutes later is sent by e-mail (queued by the
 * answer, cancelled when the guest reads the conversation; it checks again when it runs). The mail says
 * there is an answer and links to that conversation in the guest app: the text stays there, behind the sign-in.
 */
export const unreadMailJob = defineJob({
  kind: 'chat.unread-mail',
  payload: z.object({ conversation: z.string() }),
  attempts: 5,
  async handler(deps, job) {
    const conversation = job.payload.conversation;
    if (!(await repo.guestHasUnread(deps.db, conversation))) return;
    const guest = await repo.guestOfConversation(deps.db, conversation);
    if (!guest?.email) return;
    const own = isLang(guest.langage ?? '') ? guest.langage : null;
    try {
      await sendTemplate(
        deps,
        { translations: UNREAD_MAIL },
        { email: guest.email, firstname: guest.firstname, lastname: guest.lastname, code: null, lang: own },
        (lang) => ({ lien: `${guestBase(deps).replace(/\/+$/, '')}${conversationPath(lang, conversation)}` }),
      );
    } catch (err) {
      if (mailFailure(err).kind === 'refused') return;
      throw err;
    }
  },
});

export const chatJobs: JobArea = [unreadMailJob];
