import sharp from 'sharp';
import type { ScheduleForm, Weekday } from '@campsite/shared';
import { WEEKDAYS, epochToZoned, generateScheduleDates } from '@campsite/shared';
import { newId } from '../lib/ids';
import { insertCategory } from '../modules/animation-categories/animation-categories.repository';
import { insertDates } from '../modules/animation-dates/animation-dates.repository';
import { insertAnimation } from '../modules/animations/animations.repository';
import { storeImage } from '../modules/files/files.service';
import type { SeedContext } from '.';

type Shape = 'waves' | 'sun' | 'stars' | 'hills' | 'notes' | 'ball' | 'lantern';

const CATEGORIES = {
  sport: { color: '2A9D8F', fr: 'Sport et bien-être', en: 'Sport and wellness' },
  kids: { color: 'F4A261', fr: 'Enfants', en: 'Kids' },
  evening: { color: '8338EC', fr: 'Soirées', en: 'Evenings' },
  nature: { color: '52B788', fr: 'Nature et découverte', en: 'Nature and discovery' },
  market: { color: 'E76F51', fr: 'Marchés et terroir', en: 'Markets and local produce' },
} as const;

interface Demo {
  category: keyof typeof CATEGORIES;
  fr: [string, string];
  en: [string, string];
  days: Weekday[];
  from: string;
  to: string;
  front?: boolean;
  shape?: Shape;
}

const ACTIVITIES: Demo[] = [
  { category: 'sport', fr: ['Aquagym', 'Une séance tonique en musique dans le grand bassin, encadrée par notre animateur. <strong>Bonnet conseillé.</strong>'], en: ['Aqua aerobics', 'An upbeat session to music in the main pool, led by our host. <strong>Swim cap advised.</strong>'], days: ['monday', 'wednesday', 'friday'], from: '10:00', to: '10:45', front: true, shape: 'waves' },
  { category: 'sport', fr: ['Yoga au lever du soleil', 'Étirements et respiration sur la pelouse face au lac. Apportez votre tapis ou une serviette.'], en: ['Sunrise yoga', 'Stretching and breathing on the lawn by the lake. Bring a mat or a towel.'], days: ['tuesday', 'saturday'], from: '08:00', to: '09:00', shape: 'sun' },
  { category: 'sport', fr: ['Tournoi de pétanque', 'Inscriptions en doublette à l’accueil jusqu’à 16 h 30. Boules prêtées sur demande.'], en: ['Pétanque tournament', 'Sign up in pairs at reception until 4:30 pm. Boules can be borrowed.'], days: ['thursday'], from: '17:00', to: '19:00', front: true, shape: 'ball' },
  { category: 'sport', fr: ['Réveil musculaire', 'Vingt minutes pour bien démarrer la journée, tous niveaux, près du terrain multisport.'], en: ['Morning workout', 'Twenty minutes to start the day well, all levels, by the sports ground.'], days: ['sunday'], from: '09:30', to: '10:00' },
  { category: 'kids', fr: ['Kids club', 'Jeux, bricolage et grands jeux pour les 5-12 ans au club enfants. Inscription à la journée.'], en: ['Kids club', 'Games, crafts and outdoor fun for ages 5 to 12 at the kids club. Sign up by the day.'], days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], from: '10:00', to: '12:00', front: true, shape: 'ball' },
  { category: 'kids', fr: ['Mini-disco', 'Les danses du camping pour les plus petits, avant la soirée des grands.'], en: ['Mini disco', 'The campsite dances for the little ones, before the grown-ups’ evening.'], days: ['tuesday', 'thursday', 'saturday'], from: '20:30', to: '21:00', shape: 'notes' },
  { category: 'kids', fr: ['Chasse au trésor', 'Énigmes et indices à travers le camping, en équipes. Départ devant la piscine.'], en: ['Treasure hunt', 'Riddles and clues around the campsite, in teams. Start in front of the pool.'], days: ['wednesday'], from: '15:00', to: '17:00', shape: 'hills' },
  { category: 'evening', fr: ['Karaoké', 'Micro ouvert à tous sur la scène du bar : variété française et tubes internationaux.'], en: ['Karaoke', 'Open mic for everyone on the bar stage: French songs and international hits.'], days: ['friday'], from: '21:00', to: '23:30', front: true, shape: 'notes' },
  { category: 'evening', fr: ['Soirée dansante', 'DJ et piste de danse sous les pins, jusqu’à 23 h 30.'], en: ['Dance night', 'DJ and dance floor under the pines, until 11:30 pm.'], days: ['saturday'], from: '21:30', to: '23:30', shape: 'lantern' },
  { category: 'evening', fr: ['Cinéma en plein air', 'Un film familial projeté sur grand écran, transats fournis.'], en: ['Open-air cinema', 'A family film on the big screen, deckchairs provided.'], days: ['sunday'], from: '21:30', to: '23:30' },
  { category: 'nature', fr: ['Randonnée des crêtes', 'Boucle de 9 km avec un guide, vue sur la vallée. Chaussures de marche et eau obligatoires.'], en: ['Ridge hike', 'A 9 km loop with a guide, overlooking the valley. Walking shoes and water required.'], days: ['wednesday'], from: '08:30', to: '12:30', shape: 'hills' },
  { category: 'nature', fr: ['Balade à vélo', 'Sortie tranquille sur la voie verte jusqu’au village. Vélos en location à l’accueil.'], en: ['Bike ride', 'An easy ride along the greenway to the village. Bikes for hire at reception.'], days: ['saturday'], from: '14:00', to: '17:00', shape: 'sun' },
  { category: 'nature', fr: ['Observation des étoiles', 'Télescope et carte du ciel avec un passionné d’astronomie, si la météo le permet.'], en: ['Stargazing', 'Telescope and sky map with an astronomy enthusiast, weather permitting.'], days: ['thursday'], from: '22:00', to: '23:30', shape: 'stars' },
  { category: 'market', fr: ['Marché nocturne', 'Artisans et producteurs locaux sur l’allée centrale : bijoux, miel, savons, fromages.'], en: ['Night market', 'Local craftspeople and producers along the main alley: jewellery, honey, soaps, cheese.'], days: ['tuesday'], from: '18:00', to: '23:00', front: true, shape: 'lantern' },
  { category: 'market', fr: ['Dégustation de vins', 'Un vigneron de la région présente trois cuvées. À consommer avec modération.'], en: ['Wine tasting', 'A local winemaker presents three wines. Please drink responsibly.'], days: ['friday'], from: '18:30', to: '20:00' },
];

function shapeSvg(shape: Shape): string {
  switch (shape) {
    case 'waves':
      return [0, 1, 2].map((i) => `<path d="M0 ${470 + i * 70} Q 160 ${430 + i * 70} 320 ${470 + i * 70} T 640 ${470 + i * 70} T 960 ${470 + i * 70} T 1280 ${470 + i * 70} V720 H0Z" fill="#fff" opacity="${0.18 + i * 0.12}"/>`).join('');
    case 'sun':
      return '<circle cx="900" cy="300" r="150" fill="#fff3b0" opacity="0.9"/><path d="M0 560 Q 320 460 640 540 T 1280 520 V720 H0Z" fill="#000" opacity="0.18"/>';
    case 'stars':
      return Array.from({ length: 40 }, (_, i) => `<circle cx="${(i * 317) % 1280}" cy="${(i * 131) % 520}" r="${2 + (i % 4)}" fill="#fff" opacity="0.85"/>`).join('') + '<circle cx="1050" cy="160" r="70" fill="#fdf6d8"/>';
    case 'hills':
      return '<path d="M0 520 L260 300 L480 470 L760 220 L1040 460 L1280 330 V720 H0Z" fill="#000" opacity="0.22"/><path d="M0 600 Q 400 500 800 600 T 1280 580 V720 H0Z" fill="#fff" opacity="0.2"/>';
    case 'notes':
      return [[380, 420], [640, 330], [900, 440]].map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="46" ry="34" fill="#fff" opacity="0.9"/><rect x="${x + 38}" y="${y - 200}" width="12" height="200" fill="#fff" opacity="0.9"/>`).join('');
    case 'ball':
      return '<circle cx="640" cy="380" r="170" fill="#fff" opacity="0.85"/><path d="M470 380 Q 640 300 810 380" stroke="#000" stroke-opacity="0.25" stroke-width="10" fill="none"/>';
    case 'lantern':
      return [260, 520, 780, 1040].map((x, i) => `<line x1="${x - 130}" y1="${120 + (i % 2) * 20}" x2="${x + 130}" y2="${120 + ((i + 1) % 2) * 20}" stroke="#fff" stroke-opacity="0.5" stroke-width="3"/><circle cx="${x}" cy="${190 + (i % 2) * 30}" r="38" fill="#ffd166" opacity="0.95"/>`).join('');
  }
}

/** A 1280×720 gradient in the category's colour with a shape for the activity: no asset needed. */
function coverSvg(color: string, shape: Shape): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#${color}"/><stop offset="1" stop-color="#1d3557"/></linearGradient></defs>
<rect width="1280" height="720" fill="url(#g)"/>${shapeSvg(shape)}</svg>`;
}

/** The season shown by the demo: this month and the four after it, split by year for the generator. */
function seasonSegments(now: number, timeZone: string) {
  const { year, month } = epochToZoned(now, timeZone);
  const segments: { year: number; first: number; last: number }[] = [];
  for (let i = 0; i < 5; i++) {
    const y = year + Math.floor((month - 1 + i) / 12);
    const m = ((month - 1 + i) % 12) + 1;
    const current = segments.at(-1);
    if (current && current.year === y) current.last = m;
    else segments.push({ year: y, first: m, last: m });
  }
  return segments;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** About fifteen activities in five categories, with their dates across the season (001). */
export async function seedActivities({ tx, deps, adminId, now }: SeedContext) {
  const timeZone = deps.env.TIME_ZONE;
  const categoryIds = {} as Record<keyof typeof CATEGORIES, string>;
  for (const [key, c] of Object.entries(CATEGORIES) as [keyof typeof CATEGORIES, (typeof CATEGORIES)[keyof typeof CATEGORIES]][]) {
    const row = await insertCategory(tx, {
      id: newId(),
      color: c.color,
      translations: [{ lang: 'fr', name: c.fr }, { lang: 'en', name: c.en }],
      createdTime: now,
      editedTime: now,
    });
    categoryIds[key] = row.id;
  }

  const segments = seasonSegments(now, timeZone);
  for (const a of ACTIVITIES) {
    const color = CATEGORIES[a.category].color;
    let cover: string | null = null;
    if (a.shape) {
      const jpeg = await sharp(Buffer.from(coverSvg(color, a.shape))).jpeg({ quality: 78 }).toBuffer();
      cover = (await storeImage(tx, jpeg, `${a.en[0].toLowerCase().replace(/\W+/g, '-')}.jpg`, now))._id;
    }
    const animation = await insertAnimation(tx, {
      id: newId(),
      category: categoryIds[a.category],
      cover,
      front: a.front ?? false,
      translations: [
        { lang: 'fr', name: a.fr[0], content: `<p>${a.fr[1]}</p>` },
        { lang: 'en', name: a.en[0], content: `<p>${a.en[1]}</p>` },
      ],
      serviceBenefit: null,
      userId: adminId,
      createdTime: now,
      editedTime: now,
    });

    const [sh, sm] = a.from.split(':');
    const [eh, em] = a.to.split(':');
    for (const s of segments) {
      const form: ScheduleForm = {
        animation: animation.id,
        start_day: '01',
        start_month: pad(s.first),
        end_day: '31',
        end_month: pad(s.last),
        start_hour: sh,
        start_minute: sm,
        end_hour: eh,
        end_minute: em,
        ...(Object.fromEntries(WEEKDAYS.map((d) => [d, a.days.includes(d)])) as Record<Weekday, boolean>),
      };
      const generated = generateScheduleDates(form, { year: s.year, timeZone });
      if (!generated.ok) throw new Error(`seed ${a.fr[0]}: ${generated.message}`);
      await insertDates(tx, generated.dates.map((d) => ({ id: newId(), animation: animation.id, start: d.start, end: d.end })));
    }
  }
}
