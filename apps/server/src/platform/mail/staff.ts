import type { AuditChange } from '@campsite/shared';
import { STAFF_ACCOUNT as S } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { settings } from '../settings/settings';
import { escapeHtml } from '../../lib/html';

/** What the owner of a staff account is told when its password, e-mail or identifier changed. */
export interface StaffNotice {
  time: number;
  /** the colleague who made the change ('Léa Martin (lea.martin)'), or null for the owner's own session */
  by: string | null;
  changes: AuditChange[];
  newEmail?: string;
  newUsername?: string;
}

/**
 * The notice, in French (the dashboard's language), from the establishment's name at MAIL_FROM's address:
 * plain paragraphs, not the guests' layout (sendTemplate 'staff-notice').
 */
export async function renderStaffNotice(deps: Deps, firstname: string, n: StaffNotice) {
  const { establishment } = (await settings(deps)).global;
  const when = new Intl.DateTimeFormat('fr-FR', { timeZone: deps.env.TIME_ZONE, dateStyle: 'long', timeStyle: 'short' }).format(n.time * 1000);
  const parts = n.changes.filter((c): c is keyof typeof S.noticeParts => c in S.noticeParts).map((c) => S.noticeParts[c]);
  const lines = [
    S.noticeHello(firstname),
    S.noticeBody(when, n.by, parts),
    ...(n.newEmail ? [S.noticeNewEmail(n.newEmail)] : []),
    ...(n.newUsername ? [S.noticeNewUsername(n.newUsername)] : []),
    S.noticeWarning,
  ];
  return {
    from: establishment,
    subject: `${establishment} — ${S.noticeSubject}`,
    html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'),
    text: lines.join('\n\n'),
  };
}

/** A report to a staff member who asked for it (the weekly statistics): its subject and plain French paragraphs. */
export interface StaffReport {
  subject: string;
  paragraphs: string[];
}

/** The report, from the establishment's name, in the notice's plain layout (sendTemplate 'staff-report'). */
export async function renderStaffReport(deps: Deps, r: StaffReport) {
  const { establishment } = (await settings(deps)).global;
  return {
    from: establishment,
    subject: `${establishment} — ${r.subject}`,
    html: r.paragraphs.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'),
    text: r.paragraphs.join('\n\n'),
  };
}
