import type { TextRule } from '@campsite/shared';
import { textErrors } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { badRequest } from '../../http/errors';
import { getGlobalSettings } from '../../platform/settings/settings.repository';

/** The establishment's default language, in which titles are required (001 §5). */
export async function defaultLang(tx: Tx): Promise<string> {
  return (await getGlobalSettings(tx)).lang_default;
}

/** 400 with the spec's sentence per `field.lang` when a translated text breaks its rule. */
export function assertTexts(translations: readonly ({ lang: string } & Record<string, unknown>)[], lang: string, rules: readonly TextRule[]) {
  const errors = textErrors(translations, lang, rules);
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
}

/** The entry of a language, else of the default language, else the first. */
export function entryIn<T extends { lang: string }>(list: readonly T[], lang: string): T | undefined {
  return list.find((t) => t.lang === lang) ?? list[0];
}

/**
 * `items` in the order of `keys` (their current indexes): a reorder must name every item once, so a
 * stale screen cannot drop or double one. Null when it does not.
 */
export function permute<T>(items: readonly T[], keys: readonly number[]): T[] | null {
  if (keys.length !== items.length || new Set(keys).size !== keys.length) return null;
  if (keys.some((k) => !Number.isInteger(k) || k < 0 || k >= items.length)) return null;
  return keys.map((k) => items[k]);
}
