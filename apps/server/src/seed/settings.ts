import { sharp } from '../lib/images';
import { DEFAULT_ADMIN, setEntry, type GlobalSettings } from '../platform/settings/settings.repository';
import { storeImage } from '../platform/files/files.service';
import type { SeedContext } from './context';

/** A campsite at dusk: sky, hills, pines and a lake, drawn here so that the demo needs no asset. */
const LANDSCAPE = `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080" viewBox="0 0 1920 1080">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1d4e89"/><stop offset="0.6" stop-color="#f4a259"/><stop offset="1" stop-color="#f7d08a"/></linearGradient>
<linearGradient id="lake" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3e7cb1"/><stop offset="1" stop-color="#1d4e89"/></linearGradient></defs>
<rect width="1920" height="1080" fill="url(#sky)"/><circle cx="1420" cy="560" r="110" fill="#fde8a6" opacity="0.9"/>
<path d="M0 640 Q 400 480 820 620 T 1920 580 V1080 H0Z" fill="#5b7f3a"/>
<path d="M0 760 Q 500 640 1000 760 T 1920 720 V1080 H0Z" fill="#3f6b2b"/>
<rect y="860" width="1920" height="220" fill="url(#lake)"/>
${Array.from({ length: 14 }, (_, i) => {
  const x = 60 + i * 140 + (i % 3) * 17;
  const h = 180 + ((i * 53) % 90);
  return `<path d="M${x} ${860 - h} L${x - 45} 860 L${x + 45} 860Z" fill="#24452a"/>`;
}).join('')}
<path d="M700 860 L790 760 L880 860Z" fill="#e07a5f"/><path d="M1100 860 L1175 780 L1250 860Z" fill="#f2cc8f"/>
</svg>`;

export async function seedSettings({ tx, now }: SeedContext) {
  const image = await sharp(Buffer.from(LANDSCAPE)).jpeg({ quality: 80 }).toBuffer();
  const background = await storeImage(tx, image, 'camping-coucher-de-soleil.jpg', now);
  const global: GlobalSettings = {
    establishment: 'Camping Les Pins Dorés',
    sendmail: true,
    nbdays: [7, 2],
    // every text of the demo is written in the seven languages: staff who tick one more find it ready
    langs: ['fr', 'en', 'de', 'nl'],
    lang_default: 'fr',
    background: background._id,
    welcome: [
      { lang: 'fr', welcome: 'Bienvenue aux Pins Dorés !' },
      { lang: 'en', welcome: 'Welcome to Les Pins Dorés!' },
      { lang: 'de', welcome: 'Willkommen bei Les Pins Dorés!' },
      { lang: 'nl', welcome: 'Welkom bij Les Pins Dorés!' },
      { lang: 'it', welcome: 'Benvenuti a Les Pins Dorés!' },
      { lang: 'es', welcome: '¡Bienvenidos a Les Pins Dorés!' },
      { lang: 'pt', welcome: 'Bem-vindos ao Les Pins Dorés!' },
    ],
  };
  await setEntry(tx, 'global', global);
  await setEntry(tx, 'admin', { ...DEFAULT_ADMIN, features: 'premium', config_emails: { ...DEFAULT_ADMIN.config_emails, default: 'accueil@pins-dores.fr' } });
}
