import { sharp } from '../lib/images';
import { asc } from 'drizzle-orm';
import { LANGS, epochToZoned, zonedTimeToEpoch, type Lang, type OpenDate, type OpenHours } from '@campsite/shared';
import { icons, serviceBenefits, serviceProducts, serviceReservations, services, serviceWorkers, webappUsers } from '../db/schema';
import { newId } from '../lib/ids';
import { storeImage } from '../platform/files/files.service';
import type { SeedContext } from './context';

type Texts = Record<Lang, string>;
const all = (fr: string, en: string, de: string, nl: string, it: string, es: string, pt: string): Texts => ({ fr, en, de, nl, it, es, pt });

const SPA = { title: all('Massages et bien-être', 'Massages and wellness', 'Massagen und Wellness', 'Massages en wellness', 'Massaggi e benessere', 'Masajes y bienestar', 'Massagens e bem-estar'), location: all('Espace bien-être', 'Wellness area', 'Wellnessbereich', 'Wellnessruimte', 'Area benessere', 'Zona de bienestar', 'Espaço bem-estar') };
const BENEFITS = [
  {
    minutes: 30,
    price: 3500,
    simultaneous: 1,
    subtitle: all('Massage relaxant 30 min', 'Relaxing massage 30 min', 'Entspannungsmassage 30 Min.', 'Ontspanningsmassage 30 min', 'Massaggio rilassante 30 min', 'Masaje relajante 30 min', 'Massagem relaxante 30 min'),
    description: all('Dos, nuque et épaules.', 'Back, neck and shoulders.', 'Rücken, Nacken und Schultern.', 'Rug, nek en schouders.', 'Schiena, collo e spalle.', 'Espalda, cuello y hombros.', 'Costas, pescoço e ombros.'),
  },
  {
    minutes: 60,
    price: 6500,
    simultaneous: 1,
    subtitle: all('Pierres chaudes 1 h', 'Hot stones 1 h', 'Hot Stones 1 Std.', 'Hete stenen 1 u', 'Pietre calde 1 h', 'Piedras calientes 1 h', 'Pedras quentes 1 h'),
    description: all('Un massage complet aux pierres de basalte.', 'A full massage with basalt stones.', 'Eine Ganzkörpermassage mit Basaltsteinen.', 'Een volledige massage met basaltstenen.', 'Un massaggio completo con pietre di basalto.', 'Un masaje completo con piedras de basalto.', 'Uma massagem completa com pedras de basalto.'),
  },
];
const BREAD = {
  title: all('Boulangerie', 'Bakery', 'Bäckerei', 'Bakkerij', 'Panetteria', 'Panadería', 'Padaria'),
  products: [
    { price: 120, stock: 40, subtitle: all('Baguette tradition', 'Traditional baguette', 'Baguette Tradition', 'Traditionele baguette', 'Baguette tradizionale', 'Baguette tradicional', 'Baguete tradicional') },
    { price: 130, stock: 30, subtitle: all('Croissant au beurre', 'Butter croissant', 'Buttercroissant', 'Roomboter croissant', 'Cornetto al burro', 'Cruasán de mantequilla', 'Croissant de manteiga') },
    { price: 450, stock: null, subtitle: all('Pain de campagne', 'Country loaf', 'Landbrot', 'Boerenbrood', 'Pane di campagna', 'Pan de payés', 'Pão rústico') },
  ],
};
const EVERY_DAY = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };
const hours = (sh: number, sm: number, eh: number, em: number): OpenHours => ({ ...EVERY_DAY, start_hour: sh, start_minute: sm, end_hour: eh, end_minute: em });

/** This month and the four after it, as yearly periods (split at the new year). */
function season(now: number, timeZone: string): OpenDate[] {
  const { year, month } = epochToZoned(now, timeZone);
  const last = month + 4;
  if (last <= 12) return [{ start_day: 1, start_month: month, end_day: new Date(Date.UTC(year, last, 0)).getUTCDate(), end_month: last }];
  return [
    { start_day: 1, start_month: month, end_day: 31, end_month: 12 },
    { start_day: 1, start_month: 1, end_day: new Date(Date.UTC(year + 1, last - 12, 0)).getUTCDate(), end_month: last - 12 },
  ];
}

async function cover(ctx: SeedContext, color: string, name: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#${color}"/><stop offset="1" stop-color="#1d3557"/></linearGradient></defs><rect width="1280" height="720" fill="url(#g)"/><circle cx="640" cy="360" r="160" fill="#fff" opacity="0.8"/></svg>`;
  return (await storeImage(ctx.tx, await sharp(Buffer.from(svg)).jpeg({ quality: 78 }).toBuffer(), name, ctx.now))._id;
}

/**
 * Demo services (issue 22): a prestation (two massages, two masseurs, open over the season, bookings this
 * week from the desk and from the app) and a vente (the bakery's products).
 */
export async function seedServices(ctx: SeedContext) {
  const { tx, deps, adminId, now } = ctx;
  const tz = deps.env.TIME_ZONE;
  const icon = (await tx.select({ id: icons.id }).from(icons).orderBy(asc(icons.id)).limit(1))[0]?.id ?? 'spa';
  const base = { userId: adminId, createdTime: now, editedTime: now };
  const dates = season(now, tz);
  const spa = newId();
  await tx.insert(services).values({
    id: spa,
    name: 'Spa',
    cover: await cover(ctx, '7B2CBF', 'spa.jpg'),
    type: 'prestation',
    translations: LANGS.map((lang) => ({ lang, title: SPA.title[lang], location: SPA.location[lang] })),
    comment: '<p>Prévoir 10 minutes entre deux soins. Serviettes au comptoir.</p>',
    durationHour: 0,
    durationMinute: 30,
    limitEnd: 2,
    openDates: dates,
    openHours: [hours(9, 0, 19, 0)],
    ...base,
  });
  const benefitIds = BENEFITS.map(() => newId());
  await tx.insert(serviceBenefits).values(
    BENEFITS.map((b, i) => ({
      id: benefitIds[i],
      service: spa,
      icon,
      showPrice: true,
      price: b.price,
      durationHour: Math.floor(b.minutes / 60),
      durationMinute: b.minutes % 60,
      intervalMinute: 0,
      confirmation: true,
      simultaneous: b.simultaneous,
      clientNumber: false,
      identity: true,
      age: false,
      phone: true,
      openDates: dates,
      openHours: [hours(9, 30, 12, 30), hours(14, 0, 18, 30)],
      questions: [],
      translations: LANGS.map((lang) => ({ lang, subtitle: b.subtitle[lang], description: `<p>${b.description[lang]}</p>`, comment: '', location: SPA.location[lang] })),
      ...base,
    })),
  );
  const workers = [
    { id: newId(), firstname: 'Camille', lastname: 'Roux' },
    { id: newId(), firstname: 'Lukas', lastname: 'Schmidt' },
  ];
  await tx.insert(serviceWorkers).values(workers.map((w) => ({ ...w, service: spa, workingDates: dates, workingHours: [hours(9, 0, 19, 0)], benefits: benefitIds, ...base })));

  // this week, Monday to Sunday, inside the season: a few bookings a day, some made from the app
  const guest = (await tx.select({ id: webappUsers.id, firstname: webappUsers.firstname, lastname: webappUsers.lastname }).from(webappUsers).limit(1))[0];
  const today = epochToZoned(now, tz);
  const rows: (typeof serviceReservations.$inferInsert)[] = [];
  for (let d = -today.weekday; d < 7 - today.weekday; d++) {
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + d));
    const [y, m, dd] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    if (!dates.some((p) => p.start_month * 100 + p.start_day <= m * 100 + dd && m * 100 + dd <= p.end_month * 100 + p.end_day)) continue;
    const plan: [number, number, number, boolean][] = [[10, 0, 0, false], [11, 0, 1, true], [15, 0, 1, false], [16, 30, 0, true]];
    plan.forEach(([h, min, b, fromApp], i) => {
      const start = zonedTimeToEpoch(y, m, dd, h, min, tz);
      const app = fromApp && guest;
      rows.push({
        id: newId(),
        service: spa,
        worker: workers[(i + d) % 2 === 0 ? 0 : 1].id,
        benefit: benefitIds[b],
        start,
        end: start + BENEFITS[b].minutes * 60,
        answers: [],
        userId: app ? guest.id : null,
        identity: app ? `${guest.firstname} ${guest.lastname}` : ['Mme Martin', 'M. Dubois', 'Mme De Vries', 'M. Rossi'][i],
        phone: '0612345678',
        source: app ? 'webapp' : 'dashboard',
        createdTime: now,
      });
    });
  }
  if (rows.length) await tx.insert(serviceReservations).values(rows);

  const bakery = newId();
  await tx.insert(services).values({
    id: bakery,
    name: 'Boulangerie',
    cover: await cover(ctx, 'E9A23B', 'boulangerie.jpg'),
    type: 'vente',
    translations: LANGS.map((lang) => ({ lang, title: BREAD.title[lang], location: '' })),
    comment: '<p>Commandes avant 19 h, retrait à l’accueil dès 8 h.</p>',
    openDates: [],
    openHours: [],
    ...base,
  });
  await tx.insert(serviceProducts).values(
    BREAD.products.map((p) => ({
      id: newId(),
      service: bakery,
      icon,
      price: p.price,
      stock: p.stock,
      translations: LANGS.map((lang) => ({ lang, subtitle: p.subtitle[lang], description: `<p>${p.subtitle[lang]}</p>` })),
      ...base,
    })),
  );
}
