import type { EmailTranslation, Lang } from '@campsite/shared';
import { accountLink, inkOnWhite, isBlankText, isLang, textOn } from '@campsite/shared';
import type { Mail } from '../../integrations/mailer';
import { DEFAULT_COLOR, type Branding } from './branding';
import { escapeHtml } from '../../lib/html';
import { UNSUBSCRIBE_WORDS } from './texts/unsubscribe';

export interface Recipient {
  email: string;
  firstname: string;
  lastname: string;
  code: string | null;
  lang: string | null;
}

export interface Variables {
  code: string;
  lien: string;
  nom: string;
  prenom: string;
  destinataire: string;
  expediteur: string;
}

/**
 * The language a recipient reads: theirs (the client's langage) when the template has a title and a
 * content in it; else English when the establishment offers it and the template has it (a German or
 * Dutch guest reads English more often than French); else the default language; else the first complete.
 */
export function chooseLang(translations: readonly EmailTranslation[], wanted: string | null, site: Pick<Branding, 'defaultLang' | 'langs'>): Lang {
  const complete = (l: string) => translations.some((t) => t.lang === l && t.title.trim() !== '' && !isBlankText(t.content));
  if (wanted && isLang(wanted) && complete(wanted)) return wanted;
  if (site.langs.includes('en') && complete('en')) return 'en';
  if (complete(site.defaultLang)) return site.defaultLang;
  return (translations.find((t) => complete(t.lang))?.lang as Lang | undefined) ?? site.defaultLang;
}

/** The variables of one recipient; #lien signs them up with their code, or opens the app without one. */
export function recipientVariables(branding: Branding, r: Recipient, lang: Lang): Variables {
  return {
    code: r.code ?? '',
    lien: r.code ? accountLink(branding.guestBase, lang, { code: r.code }) : `${branding.guestBase}/`,
    nom: r.lastname,
    prenom: r.firstname,
    destinataire: r.email,
    expediteur: branding.sender,
  };
}

// longest names first, so that no variable is taken for the start of another
const NAMES: (keyof Variables)[] = ['destinataire', 'expediteur', 'prenom', 'code', 'lien', 'nom'];

const VARIABLE = `([ \t]?)#(${NAMES.join('|')})`;

/**
 * Fills #code, #lien, #nom, #prenom, #destinataire and #expediteur; values are escaped in HTML. An empty
 * value takes the space before it along ('Hello #prenom #nom,' without a last name reads 'Hello Marie,').
 * In HTML:
 * - a link or image address that holds a variable is filled as a whole and must then pass the scheme
 *   check a written one passes (sanitize.ts): a name or a test link could otherwise make a `javascript:`
 *   link (the attribute goes, the link's text stays);
 * - #lien in the text, outside a link, becomes a link to its address (issue 20: guests tap it).
 * One pass over the text, so that a value is never filled again.
 */
export function fillVariables(text: string, vars: Variables, html: boolean): string {
  const fill = (space: string, name: keyof Variables) => {
    const value = vars[name];
    return value === '' ? '' : space + (html ? escapeHtml(value) : value);
  };
  if (!html) return text.replace(new RegExp(VARIABLE, 'g'), (_, space: string, name: keyof Variables) => fill(space, name));
  let inLink = 0;
  return text.replace(new RegExp(`<(/?)([a-z][a-z0-9]*)\\b[^>]*>|${VARIABLE}`, 'gi'), (all, close: string, tag: string | undefined, space: string, name: keyof Variables) => {
    if (tag !== undefined) {
      if (tag.toLowerCase() === 'a') inLink = close ? Math.max(0, inLink - 1) : inLink + 1;
      return fillTag(all, fill);
    }
    const value = vars[name];
    if (name === 'lien' && value !== '' && inLink === 0 && isAllowedUrl(value)) return `${space}<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>`;
    return fill(space, name);
  });
}

/** The variables inside one tag: in its link or image address under the scheme check, elsewhere escaped. */
function fillTag(tag: string, fill: (space: string, name: keyof Variables) => string) {
  const filled = (text: string) => text.replace(new RegExp(VARIABLE, 'g'), (_, space: string, name: keyof Variables) => fill(space, name));
  return tag.replace(new RegExp(`(\\s(?:href|src)=")([^"]*)"|${VARIABLE}`, 'gi'), (all, attr: string | undefined, value: string, space: string, name: keyof Variables) => {
    if (attr === undefined) return fill(space, name);
    if (!new RegExp(VARIABLE).test(value)) return all;
    const url = filled(value);
    return isAllowedUrl(decodeEntities(url)) ? `${attr}${url}"` : attr.slice(0, 1);
  });
}

/**
 * The schemes a written link may have (sanitize.ts: http, https, mailto, tel) or none (a path of ours,
 * made absolute later, or an anchor). Browsers ignore control characters and spaces in a scheme
 * ('java\tscript:'), so they are removed before looking at it; '//host' is refused as the editor's is.
 */
export function isAllowedUrl(url: string) {
  // eslint-disable-next-line no-control-regex -- the control characters are what is looked for
  const bare = url.replace(/[\u0000-\u0020\u007f-\u009f]+/g, '');
  if (bare.startsWith('//') || bare.startsWith('\\')) return false;
  const scheme = /^([^/?#:]*):/.exec(bare)?.[1];
  return scheme === undefined || /^(?:https?|mailto|tel)$/i.test(scheme);
}

/** The mail one recipient gets, in their language, in the establishment's layout. */
export function renderMail(
  branding: Branding,
  translations: readonly EmailTranslation[],
  lang: Lang,
  vars: Variables,
  opts: { logo: 'cid' | 'inline'; unsubscribe?: string } = { logo: 'cid' },
): Pick<Mail, 'subject' | 'html' | 'attachments'> & { lang: Lang; text: string } {
  const entry = translations.find((t) => t.lang === lang) ?? translations[0] ?? { title: '', content: '' };
  const subject = fillVariables(entry.title.trim(), vars, false).replace(/[\r\n]+/g, ' ');
  const body = absoluteUrls(fillVariables(entry.content, vars, true), branding.guestBase);
  const logoSrc = !branding.logo
    ? null
    : opts.logo === 'cid'
      ? 'cid:logo'
      : `data:${branding.logo.contentType};base64,${branding.logo.content.toString('base64')}`;
  const html = layout(branding, lang, subject, styleContent(body, branding), logoSrc, opts.unsubscribe);
  const leave = opts.unsubscribe ? `${UNSUBSCRIBE_WORDS[lang].link}\n${opts.unsubscribe}\n` : '';
  const text = `${htmlToText(body)}\n\n--\n${branding.establishment}\n${branding.sender}\n${leave}`;
  const attachments = branding.logo && opts.logo === 'cid' ? [{ filename: 'logo.png', cid: 'logo', ...branding.logo }] : [];
  return { lang, subject, html, text, attachments };
}

/** Images and links of the rich text point at our server as '/api/…': in a mail they need the full address. */
function absoluteUrls(html: string, base: string) {
  return html.replace(/(\s(?:src|href)=")\/(?!\/)/g, `$1${base}/`);
}

/**
 * Mail clients drop style sheets: the spacing and link colour go on each element. A link alone in its
 * paragraph (the built-in mails' call to action, written `<p><a href="#lien">…</a></p>`) is a button in
 * the theme's colour, unless its text is its address.
 */
function styleContent(html: string, b: Branding) {
  const color = /^[0-9a-f]{6}$/i.test(b.color) ? b.color : DEFAULT_COLOR;
  const button = `display:inline-block;padding:12px 24px;background:#${color};color:${textOn(color)};border-radius:6px;text-decoration:none;font-weight:bold`;
  return html
    .replace(/<p>\s*<a href="([^"]*)">([^<]+)<\/a>\s*<\/p>/g, (all, href: string, label: string) =>
      /^\s*(?:https?:|mailto:|tel:)/i.test(decodeEntities(label)) ? all : `<p style="margin:24px 0;text-align:center"><a href="${href}" style="${button}">${label}</a></p>`,
    )
    .replace(/<p(?=[\s>])(?![^>]*style=)/g, '<p style="margin:0 0 16px"')
    .replace(/<a(?=\s)(?![^>]*style=)/g, `<a style="color:${inkOnWhite(b.color)};text-decoration:underline"`)
    .replace(/<img(?=\s)(?![^>]*style=)/g, '<img style="max-width:100%;height:auto;border:0"')
    .replace(/<(h[1-4])(?=[\s>])(?![^>]*style=)/g, '<$1 style="margin:0 0 12px;line-height:1.3"');
}

function layout(b: Branding, lang: Lang, subject: string, content: string, logoSrc: string | null, unsubscribe?: string) {
  const color = /^[0-9a-f]{6}$/i.test(b.color) ? b.color : DEFAULT_COLOR;
  const name = escapeHtml(b.establishment);
  const font = 'font-family:Arial,Helvetica,sans-serif';
  const logo = logoSrc ? `<img src="${logoSrc}" alt="${name}" height="56" style="display:block;margin:0 auto 8px;height:56px;width:auto;border:0">` : '';
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f6">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td align="center" style="background:#${color};padding:20px 24px;border-radius:8px 8px 0 0;${font}">
${logo}<div style="color:${textOn(color)};font-size:20px;font-weight:bold;line-height:1.3;${font}">${name}</div>
</td></tr>
<tr><td style="padding:28px 24px 12px;color:#1f2328;font-size:16px;line-height:1.55;${font}">
${content}
</td></tr>
<tr><td align="center" style="padding:16px 24px 24px;border-top:1px solid #e5e7eb;color:#57606a;font-size:13px;line-height:1.5;${font}">
${name}<br><a href="mailto:${escapeHtml(b.sender)}" style="color:#57606a">${escapeHtml(b.sender)}</a>${
    unsubscribe ? `<br><a href="${escapeHtml(unsubscribe)}" style="color:#57606a">${escapeHtml(UNSUBSCRIBE_WORDS[lang].link)}</a>` : ''
  }
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntity(all: string, e: string) {
  if (e[0] !== '#') return ENTITIES[e.toLowerCase()] ?? all;
  const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1));
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
}
const decodeEntities = (s: string) => s.replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, decodeEntity);

/** The plain-text part: paragraphs and lines kept, links written out, list items dashed. */
export function htmlToText(html: string): string {
  return html
    .replace(/\r?\n/g, ' ')
    .replace(/<a\b[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gis, (_, href: string, label: string) => {
      const text = label.replace(/<[^>]*>/g, '').trim();
      const url = decodeEntities(href);
      return text && text !== url && !url.startsWith('mailto:') ? `${text} (${url})` : text || url;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/(p|h[1-6]|blockquote|ul|ol|pre)>/gi, '\n\n')
    .replace(/<hr\b[^>]*>/gi, '\n----\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, decodeEntity)
    .split('\n')
    .map((l) => l.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
