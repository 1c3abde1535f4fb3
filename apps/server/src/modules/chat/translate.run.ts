import { handleJob, type JobArea } from '../../jobs';
import { TranslationError, translatorFor } from '../../integrations/translation';
import { translateJob } from './chat.jobs';
import * as repo from './chat.repository';

/**
 * A guest's message into French (issue 33): the provider detects its language; a French one is left as it
 * is (its language noted). A failure is written on the message for staff ('Pas de traduction : …') and the
 * job is tried again; the original stays what staff read meanwhile. Staff streams are told either way.
 */
export const translateRun = handleJob(translateJob, async (deps, job) => {
  const m = await repo.messageToTranslate(deps.db, job.payload.message);
  if (!m || m.author !== 'guest' || !m.body.trim() || m.translation !== null) return;
  const translator = await translatorFor(deps.env);
  if (!translator) return;
  let failure: string | null = null;
  let result: { text: string; from: string | null } | null = null;
  try {
    result = await translator.translate(m.body, 'fr');
  } catch (err) {
    failure = err instanceof TranslationError ? err.message : 'le service de traduction ne répond pas';
  }
  await deps.db.transaction(async (tx) => {
    if (result && result.from !== 'fr') await repo.setTranslation(tx, job.payload.message, { translation: result.text, translationLang: 'fr', sourceLang: result.from, translationError: null });
    else if (result) await repo.setTranslation(tx, job.payload.message, { sourceLang: 'fr', translationError: null });
    else await repo.setTranslation(tx, job.payload.message, { translationError: failure });
    await repo.notifyChat(tx, `n:${m.conversationId}`);
  });
  if (failure) throw new Error(failure);
});

export const chatJobs: JobArea = [translateRun];
