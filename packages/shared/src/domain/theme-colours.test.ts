import { describe, expect, it } from 'vitest';
import { contrast, inkOnWhite, textOn, themeCss, themeVars } from './theme-colours';

describe('readable text on the theme colours', () => {
  it('computes the WCAG contrast ratio', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('picks black or white text, whichever reads better', () => {
    expect(textOn('#ffff00')).toBe('#000000');
    expect(textOn('#1d4e89')).toBe('#ffffff');
    expect(textOn('#f4a259')).toBe('#000000');
  });

  it('keeps at least 4.5:1 for text on any colour staff may pick', () => {
    for (let i = 0; i < 4096; i += 7) {
      const hex = '#' + [i >> 8, (i >> 4) & 15, i & 15].map((n) => (n * 17).toString(16).padStart(2, '0')).join('');
      expect(contrast(hex, textOn(hex)), hex).toBeGreaterThanOrEqual(4.5);
      expect(contrast(inkOnWhite(hex), '#ffffff'), hex).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('gives the theme as CSS variables', () => {
    expect(themeVars({ color1: 'ffffff', color2: '000000', color3: 'f4a259', color4: '1d4e89' })).toMatchObject({
      '--c1': '#ffffff',
      '--on1': '#000000',
      '--on2': '#ffffff',
      '--ink4': '#1d4e89',
    });
  });

  it('gives the same variables as one rule for the served page', () => {
    const css = themeCss({ color1: '24452a', color2: '5b7f3a', color3: 'e07a5f', color4: 'f2cc8f' });
    expect(css).toMatch(/^:root\{--c1:#24452a;--on1:#ffffff;--ink1:#24452a;--c2:#5b7f3a;/);
    expect(css).toContain('--on3:#000000');
    expect(css.endsWith('}')).toBe(true);
  });
});
