/** WCAG 2 contrast, so that text on a colour staff picked stays readable whatever they picked. */

export function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace(/^#/, '');
  const n = /^[0-9a-fA-F]{6}$/.test(h) ? parseInt(h, 16) : 0;
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever reads better on `bg`. */
export function textOn(bg: string): '#000000' | '#ffffff' {
  return contrast(bg, '#000000') >= contrast(bg, '#ffffff') ? '#000000' : '#ffffff';
}

const toHex = (rgb: number[]) => '#' + rgb.map((c) => Math.round(Math.max(0, Math.min(255, c))).toString(16).padStart(2, '0')).join('');

/**
 * The colour itself when it reads on white (4.5:1, text size), else the same hue darkened step by step
 * until it does: used where the theme colour is the text or icon colour on the page background.
 */
export function inkOnWhite(hex: string, min = 4.5): string {
  let rgb = hexToRgb(hex);
  for (let i = 0; i < 40 && contrast(toHex(rgb), '#ffffff') < min; i++) rgb = rgb.map((c) => c * 0.9) as typeof rgb;
  return toHex(rgb);
}

export interface Colours {
  color1: string;
  color2: string;
  color3: string;
  color4: string;
}

/** The guest app's colours until staff select a theme (the same as its stylesheet's defaults). */
export const DEFAULT_COLOURS: Colours = { color1: '1d4e89', color2: 'f4a259', color3: '3f7d4e', color4: 'e07a5f' };

/**
 * The theme as CSS variables: each colour (--cN), the text that reads on it (--onN), and a version dark
 * enough to be text on the white page (--inkN).
 */
export function themeVars(colours: Colours): Record<string, string> {
  const vars: Record<string, string> = {};
  ([1, 2, 3, 4] as const).forEach((n) => {
    const hex = `#${colours[`color${n}`]}`;
    vars[`--c${n}`] = hex;
    vars[`--on${n}`] = textOn(hex);
    vars[`--ink${n}`] = inkOnWhite(hex);
  });
  return vars;
}

/** The same variables as one `:root` rule, for the served page's head. */
export const themeCss = (colours: Colours) =>
  `:root{${Object.entries(themeVars(colours))
    .map(([k, v]) => `${k}:${v}`)
    .join(';')}}`;
