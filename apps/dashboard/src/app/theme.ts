import { Drawer, Modal, createTheme, defaultVariantColorsResolver, parseThemeColor, type CSSVariablesResolver, type VariantColorsResolver } from '@mantine/core';

/**
 * Text on light, subtle and outline buttons and badges in shade 9 of their colour: shade 6 (Mantine's
 * default) on white is 3.3:1 for red, under the 4.5:1 of WCAG AA. Under the mouse, light and subtle buttons
 * take shade 1 of their colour: Mantine's shade 2 under shade 9 is 4.0:1 for blue (axe, in the inbox
 * journey: 'Désactiver les notifications du navigateur' under the mouse).
 */
export const BRIGHT = ['green', 'teal', 'cyan', 'lime', 'yellow', 'orange'];

export const readableVariants: VariantColorsResolver = (input) => {
  const base = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || !['light', 'subtle', 'outline', 'transparent'].includes(input.variant)) return base;
  // even shade 9 of the bright colours is under 4.5:1 on their own tint: dark text on them instead
  const text = BRIGHT.includes(parsed.color) ? 'var(--mantine-color-dark-7)' : `var(--mantine-color-${parsed.color}-9)`;
  const hover = input.variant === 'light' || input.variant === 'subtle' ? { hover: `var(--mantine-color-${parsed.color}-1)` } : {};
  return { ...base, color: text, ...hover, ...(input.variant === 'outline' ? { border: `1px solid ${text}` } : {}) };
};

export const theme = createTheme({
  primaryColor: 'blue',
  // shade 8 of every colour for filled buttons, links and the active sidebar entry: white text on it
  // and it on white both pass the 4.5:1 contrast of WCAG AA (shade 6 gives 3.5:1)
  primaryShade: { light: 8, dark: 8 },
  variantColorResolver: readableVariants,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  headings: { fontWeight: '700' },
  // every modal's × has a name for screen readers (axe: critical without one)
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Fermer' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Fermer' } } }),
  },
});

/** Dimmed text (descriptions, empty states, the breadcrumb's last step) dark enough to read: 7:1; errors 5:1. */
export const cssVariables: CSSVariablesResolver = (t) => ({
  variables: {},
  // field errors (text, borders) in red 8: red 6 on white is 3.3:1
  light: { '--mantine-color-dimmed': t.colors.gray[7], '--mantine-color-error': t.colors.red[8] },
  dark: {},
});
