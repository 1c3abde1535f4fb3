import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { BRIGHT, readableVariants, theme } from './theme';

/** WCAG's contrast ratio of two '#rrggbb' colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
const full = mergeMantineTheme(DEFAULT_THEME, theme);
const shade = (v: string) => {
  const [, color, n] = v.match(/^var\(--mantine-color-(\w+)-(\d)\)$/)!;
  return full.colors[color][Number(n)];
};

describe('the buttons under the mouse', () => {
  it('a light or subtle button keeps its text readable (4.5:1) when hovered, in every colour', () => {
    for (const color of Object.keys(full.colors).filter((c) => !BRIGHT.includes(c) && c !== 'dark')) {
      for (const variant of ['light', 'subtle']) {
        const v = readableVariants({ color, theme: full, variant, gradient: undefined, autoContrast: false });
        expect(contrast(shade(v.color), shade(v.hover)), `${variant} ${color}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
