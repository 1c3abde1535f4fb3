import sharp from 'sharp';
import { slugify } from '@campsite/shared';
import type { Tx } from '../db/client';
import type { StoredSection } from '../db/schema';
import { newId } from '../lib/ids';
import { categoryTexts } from '../modules/categories/categories.service';
import { insertCategory } from '../modules/categories/categories.repository';
import { storeImage } from '../modules/files/files.service';
import { insertGroup } from '../modules/groups/groups.repository';
import { insertIcon } from '../modules/icons/icons.repository';
import { insertList } from '../modules/lists/lists.repository';
import { insertPage } from '../modules/pages/pages.repository';
import type { SeedContext } from '.';

/** Simple pictograms drawn on a 48-unit grid: the same shapes stroked (Filaire) and filled (Rempli). */
const SHAPES: Record<string, string> = {
  Information: '<circle cx="24" cy="24" r="18"/><path d="M24 21v12M24 14v1"/>',
  Horloge: '<circle cx="24" cy="24" r="18"/><path d="M24 13v11l8 5"/>',
  'Wi-Fi': '<path d="M8 19a23 23 0 0 1 32 0M13 25a15 15 0 0 1 22 0M18 31a8 8 0 0 1 12 0"/><circle cx="24" cy="37" r="2"/>',
  Piscine: '<path d="M6 30c4-3 8-3 12 0s8 3 12 0 8-3 12 0M6 38c4-3 8-3 12 0s8 3 12 0 8-3 12 0M16 26V10a4 4 0 0 1 8 0M28 26V10a4 4 0 0 1 8 0M16 16h12"/>',
  Restaurant: '<path d="M14 6v14a4 4 0 0 0 8 0V6M18 6v36M32 42V6c-4 2-6 8-6 14h6"/>',
  Urgence: '<rect x="8" y="8" width="32" height="32" rx="6"/><path d="M24 15v18M15 24h18"/>',
  Marché: '<path d="M8 18h32l-4 20H12zM16 18l6-10M32 18l-6-10"/>',
  Soleil: '<circle cx="24" cy="24" r="8"/><path d="M24 4v6M24 38v6M4 24h6M38 24h6M10 10l4 4M34 34l4 4M38 10l-4 4M14 34l-4 4"/>',
  Tente: '<path d="M6 40 24 8l18 32zM24 8v32M18 40l6-12 6 12"/>',
  Vélo: '<circle cx="12" cy="32" r="8"/><circle cx="36" cy="32" r="8"/><path d="M12 32l8-14h10l6 14M20 18l4 14h0M28 12h6"/>',
  Carte: '<path d="M24 42s-14-12-14-24a14 14 0 0 1 28 0c0 12-14 24-14 24z"/><circle cx="24" cy="18" r="5"/>',
  Téléphone: '<path d="M14 6h8l3 9-5 3a22 22 0 0 0 10 10l3-5 9 3v8a4 4 0 0 1-4 4A34 34 0 0 1 10 10a4 4 0 0 1 4-4z"/>',
  Pain: '<path d="M8 30c0-10 7-18 16-18s16 8 16 18v6H8z"/><path d="M18 20l-2 8M26 18v10M33 20l1 8"/>',
};

async function drawIcon(shape: string, style: 'lineal' | 'fill') {
  const paint = style === 'lineal' ? 'fill="none" stroke="#1f2937" stroke-width="3.5"' : 'fill="#1f2937" stroke="#1f2937" stroke-width="2"';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 48 48"><g ${paint} stroke-linecap="round" stroke-linejoin="round">${shape}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

type Texts = { fr: string; en: string };
type SectionSeed = { icon: string; title: Texts; html: Texts } & Partial<Omit<StoredSection, 'icon' | 'translations'>>;
type CategorySeed = { name: Texts; icon: string; sections?: SectionSeed[]; elements?: { text: Texts; icon: string; sections: SectionSeed[] }[] };

const tr = <K extends string>(key: K, t: Texts) => [{ lang: 'fr', [key]: t.fr }, { lang: 'en', [key]: t.en }] as ({ lang: string } & Record<K, string>)[];
const section = (s: SectionSeed): StoredSection => ({
  icon: s.icon,
  phone: s.phone ?? '',
  email: s.email ?? '',
  website: s.website ?? '',
  localisation: s.localisation ?? '',
  facebook: s.facebook ?? '',
  instagram: s.instagram ?? '',
  translations: [
    { lang: 'fr', title: s.title.fr, html: s.html.fr },
    { lang: 'en', title: s.title.en, html: s.html.en },
  ],
});

function booklet(i: Record<string, string>): { name: Texts; icon: string; categories: CategorySeed[] }[] {
  return [
    {
      name: { fr: 'Bienvenue', en: 'Welcome' },
      icon: i.Tente,
      categories: [
        {
          name: { fr: 'Accueil', en: 'Reception' },
          icon: i.Horloge,
          sections: [
            {
              icon: i.Horloge,
              title: { fr: "Horaires de l'accueil", en: 'Reception hours' },
              html: {
                fr: '<p>En juillet et août : <strong>8h30 – 20h</strong> tous les jours.</p><p>Le reste de la saison : 9h – 12h et 14h – 18h.</p>',
                en: '<p>July and August: <strong>8.30am – 8pm</strong> every day.</p><p>Rest of the season: 9am – 12pm and 2pm – 6pm.</p>',
              },
            },
            {
              icon: i.Téléphone,
              title: { fr: 'Nous joindre', en: 'Contact us' },
              html: { fr: "<p>L'équipe répond à toutes vos questions, sur place ou par téléphone.</p>", en: '<p>Our team answers all your questions, at the desk or by phone.</p>' },
              phone: '+33467960000',
              email: 'accueil@pins-dores.fr',
              website: 'https://www.pins-dores.fr',
              localisation: 'https://maps.app.goo.gl/pinsdores34',
              facebook: 'https://www.facebook.com/campingpinsdores',
              instagram: 'https://www.instagram.com/campingpinsdores',
            },
          ],
        },
        {
          name: { fr: 'Wi-Fi', en: 'Wi-Fi' },
          icon: i['Wi-Fi'],
          sections: [
            {
              icon: i['Wi-Fi'],
              title: { fr: 'Se connecter', en: 'Getting connected' },
              html: {
                fr: '<p>Réseau : <strong>PinsDores-Invites</strong><br>Mot de passe : remis à votre arrivée.</p><p>Le signal est le meilleur autour de la place centrale et du bar.</p>',
                en: '<p>Network: <strong>PinsDores-Invites</strong><br>Password: given on arrival.</p><p>The signal is best around the central square and the bar.</p>',
              },
            },
          ],
        },
        {
          name: { fr: 'Règlement intérieur', en: 'Campsite rules' },
          icon: i.Information,
          sections: [
            {
              icon: i.Information,
              title: { fr: 'Calme et sécurité', en: 'Quiet and safety' },
              html: {
                fr: '<ul><li>Silence de 23h à 7h.</li><li>Vitesse limitée à 10 km/h.</li><li>Barbecues à charbon interdits en été.</li></ul>',
                en: '<ul><li>Quiet hours from 11pm to 7am.</li><li>Speed limit 10 km/h.</li><li>No charcoal barbecues in summer.</li></ul>',
              },
            },
          ],
        },
      ],
    },
    {
      name: { fr: 'Infos pratiques', en: 'Practical information' },
      icon: i.Information,
      categories: [
        {
          name: { fr: "Numéros d'urgence", en: 'Emergency numbers' },
          icon: i.Urgence,
          sections: [
            {
              icon: i.Urgence,
              title: { fr: 'Urgences', en: 'Emergencies' },
              html: { fr: '<p>Numéro européen : <strong>112</strong> · SAMU : 15 · Pompiers : 18 · Police : 17</p>', en: '<p>European number: <strong>112</strong> · Ambulance: 15 · Fire: 18 · Police: 17</p>' },
              phone: '112',
            },
            {
              icon: i.Téléphone,
              title: { fr: 'Médecin de garde', en: 'Doctor on call' },
              html: { fr: '<p>Cabinet médical de Clermont-l’Hérault, 5 km.</p>', en: '<p>Medical practice in Clermont-l’Hérault, 5 km away.</p>' },
              phone: '+33467960101',
              localisation: 'https://maps.app.goo.gl/medecinclermont',
            },
          ],
        },
        {
          name: { fr: 'Boulangerie', en: 'Bakery' },
          icon: i.Pain,
          sections: [
            {
              icon: i.Pain,
              title: { fr: 'Pain et viennoiseries', en: 'Bread and pastries' },
              html: { fr: "<p>Commandez la veille avant 19h à l'accueil, retrait de 8h à 10h.</p>", en: '<p>Order the day before by 7pm at reception, collect from 8am to 10am.</p>' },
            },
          ],
        },
        {
          name: { fr: 'Laverie', en: 'Laundry' },
          icon: i.Information,
          sections: [
            {
              icon: i.Information,
              title: { fr: 'Machines à laver', en: 'Washing machines' },
              html: { fr: '<p>Bloc sanitaire B, ouvert de 8h à 21h. Jetons en vente à l’accueil (5 €).</p>', en: '<p>Washblock B, open 8am to 9pm. Tokens sold at reception (€5).</p>' },
            },
          ],
        },
      ],
    },
    {
      name: { fr: 'Loisirs', en: 'Leisure' },
      icon: i.Soleil,
      categories: [
        {
          name: { fr: 'Piscine', en: 'Swimming pool' },
          icon: i.Piscine,
          sections: [
            {
              icon: i.Piscine,
              title: { fr: 'Horaires de la piscine', en: 'Pool opening hours' },
              html: { fr: '<p>Tous les jours de <strong>10h à 19h</strong>, du 1er mai au 30 septembre.</p>', en: '<p>Every day from <strong>10am to 7pm</strong>, 1 May to 30 September.</p>' },
            },
            {
              icon: i.Information,
              title: { fr: 'Règles de la piscine', en: 'Pool rules' },
              html: { fr: '<p>Maillot de bain obligatoire (shorts interdits). Enfants sous la surveillance d’un adulte.</p>', en: '<p>Swimwear required (no shorts). Children must be supervised by an adult.</p>' },
            },
          ],
        },
        {
          name: { fr: 'Restaurant', en: 'Restaurant' },
          icon: i.Restaurant,
          sections: [
            {
              icon: i.Restaurant,
              title: { fr: 'Le Pin Gourmand', en: 'Le Pin Gourmand' },
              html: { fr: '<p>Cuisine du terroir et pizzas au feu de bois. Service de 12h à 14h et de 19h à 22h.</p>', en: '<p>Local dishes and wood-fired pizzas. Open 12–2pm and 7–10pm.</p>' },
              phone: '+33467960202',
              website: 'https://www.pin-gourmand.fr',
            },
          ],
        },
        {
          name: { fr: 'Location de vélos', en: 'Bike rental' },
          icon: i.Vélo,
          sections: [
            {
              icon: i.Vélo,
              title: { fr: 'Tarifs', en: 'Prices' },
              html: { fr: '<p>Demi-journée 8 €, journée 14 €, semaine 60 €. Casques fournis.</p>', en: '<p>Half day €8, full day €14, week €60. Helmets included.</p>' },
            },
          ],
        },
        {
          name: { fr: 'Club enfants', en: 'Kids club' },
          icon: i.Soleil,
          sections: [
            {
              icon: i.Soleil,
              title: { fr: 'De 4 à 12 ans', en: 'Ages 4 to 12' },
              html: { fr: '<p>Du lundi au vendredi, 10h – 12h. Inscription gratuite à l’accueil.</p>', en: '<p>Monday to Friday, 10am – 12pm. Free sign-up at reception.</p>' },
            },
          ],
        },
      ],
    },
    {
      name: { fr: 'Découvrir la région', en: 'Explore the area' },
      icon: i.Carte,
      categories: [
        {
          name: { fr: 'Marchés locaux', en: 'Local markets' },
          icon: i.Marché,
          elements: [
            {
              text: { fr: 'Marché de Clermont', en: 'Clermont market' },
              icon: i.Marché,
              sections: [
                {
                  icon: i.Marché,
                  title: { fr: 'Le mercredi matin', en: 'Wednesday morning' },
                  html: { fr: '<p>Producteurs locaux, fromages et olives, de 7h à 13h.</p>', en: '<p>Local producers, cheese and olives, 7am to 1pm.</p>' },
                  localisation: 'https://maps.app.goo.gl/marcheclermont',
                },
              ],
            },
            {
              text: { fr: 'Marché de Gignac', en: 'Gignac market' },
              icon: i.Marché,
              sections: [
                {
                  icon: i.Marché,
                  title: { fr: 'Le samedi matin', en: 'Saturday morning' },
                  html: { fr: '<p>Le plus grand marché de la vallée, sur les allées.</p>', en: '<p>The largest market in the valley, along the avenues.</p>' },
                },
              ],
            },
            {
              text: { fr: 'Marché nocturne', en: 'Night market' },
              icon: i.Soleil,
              sections: [
                {
                  icon: i.Soleil,
                  title: { fr: 'Les jeudis d’été', en: 'Summer Thursdays' },
                  html: { fr: '<p>Artisans et food-trucks au bord du lac, de 18h à minuit.</p>', en: '<p>Craftspeople and food trucks by the lake, 6pm to midnight.</p>' },
                },
              ],
            },
          ],
        },
        {
          name: { fr: 'Lac du Salagou', en: 'Salagou lake' },
          icon: i.Piscine,
          sections: [
            {
              icon: i.Carte,
              title: { fr: 'À 15 minutes', en: '15 minutes away' },
              html: { fr: '<p>Baignade surveillée en été, paddle et voile.</p>', en: '<p>Lifeguarded swimming in summer, paddle and sailing.</p>' },
              localisation: 'https://maps.app.goo.gl/lacsalagou',
            },
          ],
        },
        {
          name: { fr: 'Randonnées', en: 'Hiking' },
          icon: i.Carte,
          sections: [
            {
              icon: i.Carte,
              title: { fr: 'Le cirque de Mourèze', en: 'Mourèze cirque' },
              html: { fr: '<p>Boucle de 6 km entre les dolomies, balisage jaune. Prévoir de l’eau.</p>', en: '<p>6 km loop among the dolomite rocks, yellow markers. Bring water.</p>' },
              website: 'https://www.randonnees-herault.fr',
            },
          ],
        },
      ],
    },
  ];
}

/** A French and English welcome booklet with its icons, written with the repositories inside the seed's transaction. */
export async function seedBooklet({ tx, now }: SeedContext) {
  const ids: Record<string, string> = {};
  for (const [name, shape] of Object.entries(SHAPES)) {
    const lineal = await storeImage(tx, await drawIcon(shape, 'lineal'), `${slugify(name)}-filaire.png`, now);
    const fill = await storeImage(tx, await drawIcon(shape, 'fill'), `${slugify(name)}-rempli.png`, now);
    const icon = await insertIcon(tx, { id: newId(), name, lineal: [{ theme: 'blank', icon: lineal._id }], fill: [{ theme: 'blank', icon: fill._id }], createdTime: now, editedTime: now });
    ids[name] = icon.id;
  }
  for (const g of booklet(ids)) {
    const prefixes = tr('name', g.name).map((t) => ({ ...t, prefix: slugify(t.name) }));
    const group = await insertGroup(tx, { id: newId(), icon: g.icon, translations: prefixes, createdTime: now, editedTime: now });
    for (const [order, c] of g.categories.entries()) await seedCategory(tx, group.id, prefixes, order, c, now);
  }
}

async function seedCategory(tx: Tx, groupId: string, prefixes: { lang: string; prefix: string }[], order: number, c: CategorySeed, now: number) {
  const names = tr('name', c.name);
  const type = c.elements ? 'list' : 'page';
  const cat = await insertCategory(tx, { id: newId(), groupId, type, icon: c.icon, sortOrder: order, translations: categoryTexts(names, prefixes, 'fr'), createdTime: now, editedTime: now });
  const pageNames = (t: Texts, parent: Texts) => tr('name', t).map((x, i) => ({ ...x, category_name: i === 0 ? parent.fr : parent.en, title: '' }));
  const base = { cover: null, service: null, link: null, createdTime: now, editedTime: now };
  if (!c.elements) {
    await insertPage(tx, { ...base, id: newId(), categoryId: cat.id, sections: (c.sections ?? []).map(section), translations: pageNames(c.name, c.name) });
    return;
  }
  const elements = [];
  for (const e of c.elements) {
    const page = await insertPage(tx, { ...base, id: newId(), categoryId: null, sections: e.sections.map(section), translations: pageNames(e.text, c.name) });
    elements.push({ icon: e.icon, page: page.id, translations: tr('text', e.text) });
  }
  await insertList(tx, { id: newId(), categoryId: cat.id, cover: null, elements, translations: names, createdTime: now, editedTime: now });
}
