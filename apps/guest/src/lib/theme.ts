import { themeVars, type Colours } from '@campsite/shared/domain/theme-colours';

let applied = '';

/**
 * Puts the theme's variables on the page (over the ones the server wrote into its head) and the browser
 * bar's colour. Does nothing when these colours are already applied, so it can run after every render.
 */
export function applyTheme(colours: Colours) {
  const key = `${colours.color1}${colours.color2}${colours.color3}${colours.color4}`;
  if (key === applied) return;
  applied = key;
  const root = document.documentElement.style;
  for (const [k, v] of Object.entries(themeVars(colours))) root.setProperty(k, v);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', `#${colours.color1}`);
}
