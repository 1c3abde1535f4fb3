/** Letters NFD does not decompose into base + accent, spelled the way French URLs usually do. */
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', đ: 'd', ł: 'l', þ: 'th', ð: 'd' };

/**
 * URL-safe slug (000 §5): lower-case, accents transliterated, runs of anything else than a-z/0-9 replaced
 * by `delimiter`, no delimiter at either end.
 */
export function slugify(text: string, delimiter = '-'): string {
  const ascii = text
    .toLowerCase()
    .replace(/[œæßøđłþð]/g, (c) => LIGATURES[c])
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
  const words = ascii.split(/[^a-z0-9]+/).filter(Boolean);
  return words.join(delimiter);
}
