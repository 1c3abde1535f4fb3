export const LANGS = ['fr', 'en', 'de', 'nl', 'it', 'es', 'pt'] as const;
export type Lang = (typeof LANGS)[number];
