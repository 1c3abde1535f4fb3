import sanitizeHtml from 'sanitize-html';

const COLOR = /^(?:#[0-9a-f]{3,8}|rgba?\(\s*[\d.]+%?\s*,\s*[\d.]+%?\s*,\s*[\d.]+%?\s*(?:,\s*[\d.]+\s*)?\)|[a-z]{3,20})$/i;
const ALIGN = /^(?:left|right|center|justify)$/;
const LENGTH = /^\d{1,3}(?:\.\d+)?(?:px|em|rem|%)$/;
const FONT = /^[\w\s,'"-]{1,100}$/;

/**
 * The rich-text allow-list: what the three editor toolbars produce (000 §9) and nothing else. Scripts,
 * event handlers, iframes, forms, style sheets and javascript: links are dropped. Images come only from
 * our own files (the editor uploads them there): the Content-Security-Policy (img-src 'self') would block
 * any other in both apps, and an outside image would tell a third party who reads the booklet.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'a', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'span', 'img', 'sub', 'sup', 'hr', 'code', 'pre', 'mark'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      'text-align': [ALIGN],
      color: [COLOR],
      'background-color': [COLOR],
      'font-family': [FONT],
      'font-size': [LENGTH],
      'margin-left': [LENGTH],
      'padding-left': [LENGTH],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer nofollow' } : attribs,
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImage(frame.attribs.src ?? ''),
};

/** An image of our files: a path of the files calls, nothing that leaves it ('..', a scheme, another host). */
export function isAllowedImage(src: string) {
  return /^\/api\/dashboard\/files\/[\w./?=&-]*$/.test(src) && !src.includes('..');
}

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
