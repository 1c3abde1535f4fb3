import type { Lang } from '@campsite/shared/i18n/languages';

/** The order of the seven translations in a word table. */
export const WORD_ORDER: readonly Lang[] = ['fr', 'en', 'de', 'nl', 'it', 'es', 'pt'];

/** One of the guest app's own word tables (not the establishment's content): per key, its seven translations. */
export type WordTable = Record<string, readonly [string, string, string, string, string, string, string]>;

/** The reader of a word table: a word in the guest's language, English when the language is not one of the seven. */
export function wordsOf<T extends WordTable>(table: T) {
  return (lang: Lang, key: keyof T): string => table[key][WORD_ORDER.indexOf(lang)] ?? table[key][1];
}

/**
 * 'Label: value' as the language writes it (issue 32): French puts a no-break space before the colon
 * ('Durée : 1 h'), the other six none ('Dauer: 1 h', 'Duration: 1 h').
 */
export const labelled = (lang: Lang, label: string, value: string) => `${label}${lang === 'fr' ? '\u00a0:' : ':'} ${value}`;
