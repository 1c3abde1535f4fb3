import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { getGlobalSettings } from '../../platform/settings/settings.repository';
import { fileBytes } from '../../platform/files/files.repository';
import { readLogo } from '../logo/public';
import { currentTheme } from '../themes/public';
import { image, imageWork, sharp } from '../../lib/images';

/** The guest app's colours until staff select a theme (the same as the app's own default). */
const DEFAULT_COLOR = '1d4e89';
export const ICON_SIZES = [192, 512] as const;
export type IconSize = (typeof ICON_SIZES)[number];

interface Identity {
  name: string;
  lang: string;
  color: string;
  logoId: string | null;
  /** changes whenever the name, colour or logo does: icon addresses carry it, so installs pick up a new logo */
  version: string;
}

async function identity(db: Db): Promise<Identity> {
  const [settings, theme, logo] = await Promise.all([getGlobalSettings(db), currentTheme(db), readLogo(db)]);
  const color = theme ? theme.color1 : DEFAULT_COLOR;
  const version = createHash('sha1').update(`${settings.establishment}|${color}|${logo.logo ?? ''}`).digest('hex').slice(0, 10);
  return { name: settings.establishment, lang: settings.lang_default, color, logoId: logo.logo, version };
}

/** Home-screen labels are cut around 12 characters: the name without a leading 'Camping', in whole words. */
export function shortName(name: string, max = 12): string {
  if (name.length <= max) return name;
  const words = name.replace(/^camping\s+/i, '').split(/\s+/);
  let out = '';
  for (const w of words) {
    const next = out ? `${out} ${w}` : w;
    if (next.length > max) break;
    out = next;
  }
  return out || words[0].slice(0, max);
}

export async function buildManifest(db: Db) {
  const id = await identity(db);
  const icon = (size: IconSize, purpose: 'any' | 'maskable') => ({
    src: `/icons/${purpose === 'maskable' ? 'maskable' : 'icon'}-${size}.png?v=${id.version}`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  return {
    manifest: {
      id: '/',
      name: id.name,
      short_name: shortName(id.name),
      lang: id.lang,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      background_color: '#ffffff',
      theme_color: `#${id.color}`,
      icons: [icon(192, 'any'), icon(512, 'any'), icon(192, 'maskable'), icon(512, 'maskable')],
    },
    version: id.version,
  };
}

// A tent, drawn here so that an establishment without a logo still gets a proper icon (no font needed).
const tent = (size: number, color: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
<rect width="100" height="100" fill="#${color}"/>
<path d="M50 24 L78 74 H22 Z" fill="#ffffff"/><path d="M50 46 L60 74 H40 Z" fill="#${color}"/>
<path d="M16 74 H84" stroke="#ffffff" stroke-width="4" stroke-linecap="round"/></svg>`;

/**
 * The app icon at a size: the logo on white, contained (maskable icons keep it inside the central 80%
 * that every launcher shape shows), or the tent in the theme colour without a logo.
 */
export async function buildIcon(db: Db, size: IconSize, maskable: boolean): Promise<{ png: Buffer; version: string }> {
  const id = await identity(db);
  const logo = id.logoId ? await fileBytes(db, { id: id.logoId }) : null;
  if (!logo) return { png: await sharp(Buffer.from(tent(size, id.color))).png().toBuffer(), version: id.version };
  const inner = Math.round(size * (maskable ? 0.7 : 0.9));
  const fitted = await imageWork(() => image(logo.data).resize(inner, inner, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } }).png().toBuffer());
  const png = await sharp({ create: { width: size, height: size, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } })
    .composite([{ input: fitted, gravity: 'centre' }])
    .png()
    .toBuffer();
  return { png, version: id.version };
}
