const NAMED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '#': '&#35;' };

/**
 * The one HTML escape of mail and its pages. `#` is escaped too, so that a value written into a mail (a
 * guest's name, a questionnaire's answer) is never read as a variable of the template ('#prenom').
 * Named entities by default; `numeric` writes the same characters as numeric references (`&#60;`), the
 * form the catalog's slots have always had in the staff alert (answering.test.ts reads it).
 */
export function escapeHtml(text: string, form: 'named' | 'numeric' = 'named'): string {
  return text.replace(/[&<>"'#]/g, (c) => (form === 'named' ? NAMED[c] : `&#${c.charCodeAt(0)};`));
}
