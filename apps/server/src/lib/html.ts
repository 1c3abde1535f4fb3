const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '#': '&#35;' };

/**
 * The one HTML escape of the server: mails and their pages, the guest app's first screen, the Swikly
 * simulator's page. `#` is escaped too, so that a value written into a mail (a guest's name, a
 * questionnaire's answer) is never read as a variable of the template ('#prenom'). Named entities, and
 * numeric ones where HTML has no name every mail client knows (`'`, `#`).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'#]/g, (c) => ENTITY[c]);
}
