import { AuthorizationError, ConnectionError, QuotaExceededError, TooManyRequestsError, Translator as DeepL, type TargetLanguageCode } from 'deepl-node';
import type { Lang } from '@campsite/shared';
import type { Env } from '../../env';
import { startTranslationSimulator, type TranslationSimulator } from './simulator';

export { startTranslationSimulator, type TranslationSimulator } from './simulator';
export { providerUrl } from './address';

/**
 * Machine translation of the inbox (issue 33; docs/messages.md, README 'TRANSLATION'), behind one adapter:
 * `translate(text, target, source?)`. DeepL's official client (deepl-node) talks to DeepL, or to the local
 * stand-in (simulator.ts, DeepL's API on a port of this machine) in simulator mode: the same client runs in
 * production, the demo and the tests. Off unless TRANSLATION says otherwise.
 */

export interface Translated {
  text: string;
  /** the source language, as given or as detected (lower case: 'de'), null if the provider said none */
  from: string | null;
}
export interface Translator {
  translate(text: string, target: Lang, source?: Lang | null): Promise<Translated>;
}

/** Why a translation failed, said to staff in French (the message then goes untranslated). */
export class TranslationError extends Error {}

/** DeepL wants a variant for English and Portuguese targets. */
const TARGET: Record<Lang, TargetLanguageCode> = { fr: 'fr', en: 'en-GB', de: 'de', nl: 'nl', it: 'it', es: 'es', pt: 'pt-PT' };
/** Short: a staff answer waits for it (one try; the guest-message job tries again itself). */
const TIMEOUT_MS = 8000;

function reason(err: unknown): string {
  if (err instanceof QuotaExceededError) return 'le quota du service de traduction est atteint';
  if (err instanceof AuthorizationError) return 'la clé du service de traduction est refusée';
  if (err instanceof TooManyRequestsError) return 'le service de traduction est surchargé, réessayez plus tard';
  if (err instanceof ConnectionError || /Service unavailable|status code: 5\d\d/.test((err as Error)?.message ?? '')) return 'le service de traduction ne répond pas';
  return 'le service de traduction a refusé le texte';
}

/** The adapter over deepl-node, on `serverUrl` (the address env.ts checked, used as it is). */
export function deeplTranslator(serverUrl: string, key: string): Translator {
  const client = new DeepL(key, { serverUrl, maxRetries: 1, minTimeout: TIMEOUT_MS, sendPlatformInfo: false });
  return {
    async translate(text, target, source = null) {
      try {
        const r = await client.translateText(text, source, TARGET[target]);
        return { text: r.text, from: r.detectedSourceLang ? r.detectedSourceLang.toLowerCase().split('-')[0] : source };
      } catch (err) {
        throw new TranslationError(reason(err));
      }
    },
  };
}

let local: { sim: Promise<TranslationSimulator>; users: number } | null = null;
const translators = new WeakMap<Env, Promise<Translator | null>>();

/**
 * The translator the configuration gives (null: off), made once per environment. In simulator mode without
 * DEEPL_URL the process starts its own stand-in on a free local port (shared by every app of the process,
 * closed with the last: `releaseTranslator`).
 */
export function translatorFor(env: Env): Promise<Translator | null> {
  let made = translators.get(env);
  if (!made) {
    made = (async () => {
      if (env.TRANSLATION === 'off') return null;
      if (env.DEEPL_URL) return deeplTranslator(env.DEEPL_URL, env.DEEPL_API_KEY ?? 'simulator');
      if (env.TRANSLATION === 'deepl') return deeplTranslator(env.DEEPL_API_KEY!.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com', env.DEEPL_API_KEY!);
      local ??= { sim: startTranslationSimulator(), users: 0 };
      local.users++;
      return deeplTranslator((await local.sim).url, 'simulator');
    })();
    translators.set(env, made);
    made.catch(() => translators.delete(env));
  }
  return made;
}

/** An app closes: the process's stand-in stops with the last app that used it. */
export async function releaseTranslator(env: Env) {
  const made = translators.get(env);
  if (!made) return;
  translators.delete(env);
  if (env.TRANSLATION !== 'simulator' || env.DEEPL_URL || !local) return;
  await made.catch(() => null);
  if (--local.users > 0) return;
  const sim = local.sim;
  local = null;
  await (await sim).close();
}
