import type { Lang } from './languages';

/** Language names as the French dashboard shows them. */
export const LANGUAGE_NAMES: Record<Lang, string> = {
  fr: 'Français',
  en: 'Anglais',
  de: 'Allemand',
  nl: 'Néerlandais',
  it: 'Italien',
  es: 'Espagnol',
  pt: 'Portugais',
};
