import type { Lang } from '@campsite/shared';

/**
 * One mail's words in one language: its subject (plain text) and its body (HTML paragraphs). Both may
 * hold the template variables (#prenom, #lien…: render.ts) and slots, `{name}`, that the sender fills
 * with values of its own (escaped: catalog.ts). A part between `[[` and `]]` is left out when one of its
 * slots is empty ('<br>Lieu : {where}' without a place).
 */
export interface MailWords {
  subject: string;
  body: string;
}

/** A guest's mail, in the guest app's seven languages. */
export type MailTexts = Record<Lang, MailWords>;

/** A staff mail, in French (the dashboard's language). */
export type StaffMailTexts = { fr: MailWords };
