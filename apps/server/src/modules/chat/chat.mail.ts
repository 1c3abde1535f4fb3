import { conversationPath, isLang } from '@campsite/shared';
import type { JobArea } from '../../jobs';
import { guestBase } from '../../lib/guest-url';
import { handleMailJob } from '../../platform/mail/job';
import { sendTemplate } from '../../platform/mail/send';
import { unreadMailJob } from './chat.jobs';
import * as repo from './chat.repository';
import { setMailed } from './inbox.repository';

/** The unread answer's mail (the catalog's 'chat-unread-email'), checked again when it runs: read meanwhile, nothing goes. */
export const unreadMailSend = handleMailJob(unreadMailJob, async (deps, job) => {
  const conversation = job.payload.conversation;
  if (!(await repo.guestHasUnread(deps.db, conversation))) return;
  const guest = await repo.guestOfConversation(deps.db, conversation);
  if (!guest?.email) return;
  const own = isLang(guest.langage ?? '') ? guest.langage : null;
  await sendTemplate(
    deps,
    'chat-unread-email',
    { email: guest.email, firstname: guest.firstname, lastname: guest.lastname, code: null, lang: own },
    (lang) => ({ lien: `${guestBase(deps).replace(/\/+$/, '')}${conversationPath(lang, conversation)}` }),
  );
  // the conversation shows 'E-mail envoyé à …' under the answers it covers
  await deps.db.transaction(async (tx) => {
    await setMailed(tx, conversation, deps.now());
    await repo.notifyChat(tx, `n:${conversation}`);
  });
});

export const chatMails: JobArea = [unreadMailSend];
