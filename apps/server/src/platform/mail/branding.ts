import type { Lang } from '@campsite/shared';
import { DEFAULT_COLOURS } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { addressOf } from '../../integrations/mailer';
import { getAdminConfig, getGlobalSettings, getRawEntry } from '../settings/settings.repository';
import { selectedThemeColor } from '../settings/theme.repository';
import { fileBytes } from '../files/files.repository';
import { guestBase } from '../../lib/guest-url';
import { image, imageWork } from '../../lib/images';

/** What every mail of a send shares: read once per batch, not per recipient. */
export interface Branding {
  establishment: string;
  /** the theme's first colour, 6 hex digits */
  color: string;
  logo: { content: Buffer; contentType: string } | null;
  /** #expediteur, and the Reply-To: the establishment's address (config_emails.default), else MAIL_FROM's */
  sender: string;
  defaultLang: Lang;
  /** the languages the establishment offers (global.langs) */
  langs: Lang[];
  /** the guest app's address, for #lien and for images of the rich text */
  guestBase: string;
}

// the guest app's own default (DEFAULT_COLOURS.color1) until a theme is selected
export const DEFAULT_COLOR = DEFAULT_COLOURS.color1;
// the logo converted once per file to a PNG every mail client shows (WebP and GIF are not everywhere)
const logoCache = new Map<string, { content: Buffer; contentType: string } | null>();

export async function loadBranding(deps: Deps, db: Tx = deps.db): Promise<Branding> {
  const [global, admin, themeColor, logo] = await Promise.all([
    getGlobalSettings(db),
    getAdminConfig(db),
    selectedThemeColor(db),
    getRawEntry<{ id: string | null }>(db, 'logo'),
  ]);
  return {
    establishment: global.establishment,
    color: themeColor ?? DEFAULT_COLOR,
    logo: logo?.id ? await logoPng(db, logo.id) : null,
    sender: admin.config_emails.default || deps.mailer.fromAddress || addressOf(deps.env.MAIL_FROM),
    defaultLang: global.lang_default,
    langs: global.langs,
    guestBase: guestBase(deps).replace(/\/+$/, ''),
  };
}

async function logoPng(db: Tx, id: string) {
  if (logoCache.has(id)) return logoCache.get(id)!;
  const file = await fileBytes(db, { id }, 192);
  let logo: { content: Buffer; contentType: string } | null = null;
  if (file) {
    try {
      const content = await imageWork(() => image(file.data).resize({ height: 112, withoutEnlargement: true }).png().toBuffer());
      logo = { content, contentType: 'image/png' };
    } catch {
      logo = null; // not an image sharp reads: the mail goes without a logo
    }
  }
  logoCache.set(id, logo);
  return logo;
}
