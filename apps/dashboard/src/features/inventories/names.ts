import type { Lang } from '@campsite/shared';
import { INVENTORIES, isBlankText } from '@campsite/shared';
import type { LangTexts } from '../../components/form';

type Names = readonly { lang: string; name: string }[];

/** A setup name in a language, else the default language's (a card shows something in every language). */
export const nameIn = (translations: Names, lang: Lang, defaultLang: Lang) =>
  translations.find((t) => t.lang === lang && t.name.trim())?.name ?? translations.find((t) => t.lang === defaultLang)?.name ?? '';

/** The rules of 002 §5 on a setup name, as the form's errors at `path.<lang>`. */
export function nameErrors(path: string, names: LangTexts, langs: readonly Lang[], defaultLang: Lang, required: (l: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  if (isBlankText(names[defaultLang])) out[`${path}.${defaultLang}`] = required(defaultLang);
  for (const l of langs) if ((names[l] ?? '').trim().length > 50) out[`${path}.${l}`] = INVENTORIES.nameMax(l);
  return out;
}

/** The establishment's languages (other than the default) where one of these names is empty. */
export const missingLangs = (all: LangTexts[], langs: readonly Lang[], defaultLang: Lang) =>
  langs.filter((l) => l !== defaultLang && all.some((n) => isBlankText(n[l])));
