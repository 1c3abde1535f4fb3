import { inkOnWhite, textOn } from './contrast';

export interface Colours {
  color1: string;
  color2: string;
  color3: string;
  color4: string;
}

/** Used until staff select a theme. */
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

export function applyTheme(colours: Colours) {
  const root = document.documentElement.style;
  for (const [k, v] of Object.entries(themeVars(colours))) root.setProperty(k, v);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', `#${colours.color1}`);
}
