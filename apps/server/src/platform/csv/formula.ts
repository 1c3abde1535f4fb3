/**
 * A spreadsheet reads a cell beginning with = + - @ (or a tab, a carriage return) as a formula: it is
 * written after a quote, which the import takes off again (modules/imports/imports.parse.ts `unguarded`).
 */
export const guardFormula = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
