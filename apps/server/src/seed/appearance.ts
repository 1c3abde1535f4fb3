import { asc, isNotNull } from 'drizzle-orm';
import { sharp } from '../lib/images';
import { BLANK_THEME, LANGS, MENU_TITLE_MAX, type Lang } from '@campsite/shared';
import { bookletCategories, bookletGroups, bookletLists, bookletPages, icons, modules, themes } from '../db/schema';
import type { ModuleTranslation, ModuleType, ModuleValues } from '../db/schema';
import { newId } from '../lib/ids';
import { saveEntries, type StoredEntry } from '../modules/menu/menu.repository';
import { setLogo } from '../modules/logo/logo.service';
import { setSelectedTheme } from '../modules/themes/themes.repository';
import { storeImage } from '../platform/files/files.service';
import type { SeedContext } from './context';

/** A round badge: a golden sun behind two pines and a tent, drawn here so that the demo needs no asset. */
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
<defs><clipPath id="inside"><circle cx="256" cy="256" r="214"/></clipPath></defs>
<circle cx="256" cy="256" r="240" fill="#24452a"/>
<g clip-path="url(#inside)">
<rect width="512" height="512" fill="#fdf6ec"/><circle cx="300" cy="210" r="92" fill="#f2b544"/>
<path d="M0 380 Q 256 300 512 380 V512 H0Z" fill="#5b7f3a"/>
<path d="M150 360 L110 360 L150 290 L122 290 L158 225 L136 225 L175 150 L214 225 L192 225 L228 290 L200 290 L240 360 L200 360Z" fill="#24452a"/>
<path d="M262 368 L232 368 L262 314 L242 314 L268 266 L294 314 L274 314 L304 368Z" fill="#2f5a35"/>
<path d="M300 392 L358 306 L416 392Z" fill="#e07a5f"/><path d="M358 306 L343 392 L373 392Z" fill="#9c3d2a"/>
</g></svg>`;

const THEMES = [
  { name: 'Océan', color1: '1d4e89', color2: '3e7cb1', color3: 'f4a259', color4: 'fdf6ec' },
  { name: 'Pinède', color1: '24452a', color2: '5b7f3a', color3: 'e07a5f', color4: 'f2cc8f' },
];

/** Short bottom-menu titles (20 characters at most) for the demo booklet's rubrics, in the seven languages. */
const MENU_TITLES: Record<string, Record<Lang, string>> = {
  Bienvenue: { fr: 'Bienvenue', en: 'Welcome', de: 'Willkommen', nl: 'Welkom', it: 'Benvenuti', es: 'Bienvenida', pt: 'Boas-vindas' },
  'Découvrir la région': { fr: 'Découvrir la région', en: 'Explore the area', de: 'Region entdecken', nl: 'Streek ontdekken', it: 'Scopri la zona', es: 'Descubre la región', pt: 'Descobrir a região' },
  'Infos pratiques': { fr: 'Infos pratiques', en: 'Practical info', de: 'Praktisches', nl: 'Praktische info', it: 'Info utili', es: 'Info práctica', pt: 'Info práticas' },
  Loisirs: { fr: 'Loisirs', en: 'Leisure', de: 'Freizeit', nl: 'Vrije tijd', it: 'Tempo libero', es: 'Ocio', pt: 'Lazer' },
};

/** Each language's text of a module, menu entry or subtitle. */
const all = <K extends string>(key: K, texts: Record<Lang, string>) => LANGS.map((lang) => ({ lang, [key]: texts[lang] })) as ({ lang: Lang } & Record<K, string>)[];

type Named = { lang: string; name: string }[];
const nameIn = (t: Named, lang: string) => t.find((x) => x.lang === lang)?.name ?? t[0]?.name ?? '';

/**
 * The app's look for the demo campsite: two themes (Pinède selected), a logo, home modules pointing at
 * the booklet the booklet seeder made (a rubric, a page, a list) plus the activities block, and a bottom
 * menu of four entries with outline icons.
 */
export async function seedAppearance({ tx, now }: SeedContext) {
  const themeIds = THEMES.map(() => newId());
  await tx.insert(themes).values(THEMES.map((t, i) => ({ id: themeIds[i], ...t, createdTime: now, editedTime: now })));
  await setSelectedTheme(tx, themeIds[1]);

  const logo = await storeImage(tx, await sharp(Buffer.from(LOGO)).png().toBuffer(), 'logo-pins-dores.png', now);
  await setLogo(tx, logo._id);

  // by French name, so that the demo reads the same on every start
  const groups = (await tx.select().from(bookletGroups)).sort((a, b) => nameIn(a.translations, 'fr').localeCompare(nameIn(b.translations, 'fr'), 'fr'));
  const categories = await tx.select().from(bookletCategories).orderBy(asc(bookletCategories.sortOrder));
  const pages = await tx.select().from(bookletPages).where(isNotNull(bookletPages.categoryId));
  const lists = await tx.select().from(bookletLists);
  const categoryName = (id: string | null) => nameIn(categories.find((c) => c.id === id)?.translations ?? [], 'fr');
  // a page or list module: the category's name as its title, and a subtitle, in each language
  const withSubtitles = (categoryId: string | null, subtitles: Record<Lang, string>) =>
    LANGS.map((lang) => ({ lang, title: nameIn(categories.find((c) => c.id === categoryId)?.translations ?? [], lang).slice(0, 40), subtitle: subtitles[lang] }));

  const blocks: { name: string; type: ModuleType; values: ModuleValues; translations: ModuleTranslation[] }[] = [];
  const group = groups.find((g) => nameIn(g.translations, 'fr') === 'Infos pratiques') ?? groups[0];
  if (group) {
    blocks.push({
      name: `Rubrique ${nameIn(group.translations, 'fr')}`,
      type: 'group',
      values: { group: group.id },
      translations: all('title', { fr: 'Bon à savoir', en: 'Good to know', de: 'Gut zu wissen', nl: 'Goed om te weten', it: 'Buono a sapersi', es: 'Conviene saber', pt: 'Convém saber' }),
    });
  }
  blocks.push({
    name: 'Activités de la semaine',
    type: 'animation',
    values: {},
    translations: all('title', {
      fr: 'Cette semaine au camping',
      en: 'This week at the campsite',
      de: 'Diese Woche auf dem Platz',
      nl: 'Deze week op de camping',
      it: 'Questa settimana al campeggio',
      es: 'Esta semana en el camping',
      pt: 'Esta semana no parque',
    }),
  });
  const page = pages.find((p) => /piscine/i.test(categoryName(p.categoryId))) ?? pages[0];
  if (page) {
    blocks.push({
      name: `Page ${categoryName(page.categoryId)}`,
      type: 'page',
      values: { page: page.id, category: page.categoryId },
      translations: withSubtitles(page.categoryId, {
        fr: 'Horaires et infos utiles',
        en: 'Opening hours and tips',
        de: 'Öffnungszeiten und Tipps',
        nl: 'Openingstijden en tips',
        it: 'Orari e consigli',
        es: 'Horarios y consejos',
        pt: 'Horários e dicas',
      }),
    });
  }
  const list = lists[0];
  if (list) {
    blocks.push({
      name: `Liste ${categoryName(list.categoryId)}`,
      type: 'list',
      values: { list: list.id, category: list.categoryId },
      translations: withSubtitles(list.categoryId, {
        fr: 'Nos bonnes adresses',
        en: 'Our favourite places',
        de: 'Unsere Lieblingsadressen',
        nl: 'Onze favoriete adressen',
        it: 'I nostri indirizzi preferiti',
        es: 'Nuestros sitios favoritos',
        pt: 'Os nossos sítios favoritos',
      }),
    });
  }
  if (blocks.length) {
    await tx.insert(modules).values(blocks.map((b, i) => ({ id: newId(), ...b, order: i + 1, createdTime: now, editedTime: now })));
  }

  // the bottom menu: the activities, then rubrics, each with an outline icon (its own when it has one)
  const outline = (await tx.select({ id: icons.id, name: icons.name, lineal: icons.lineal }).from(icons).orderBy(asc(icons.name))).filter((i) =>
    i.lineal.some((v) => v.theme === BLANK_THEME),
  );
  if (!outline.length) return;
  const iconFor = (preferred: string | null, index: number) => outline.find((i) => i.id === preferred)?.id ?? outline[index % outline.length].id;
  // cut at a word, never in the middle of one
  const short = (s: string) => (s.length <= MENU_TITLE_MAX ? s : s.slice(0, MENU_TITLE_MAX + 1).replace(/\s+\S*$/, ''));
  const titles = (g: (typeof groups)[number]) => {
    const known = MENU_TITLES[nameIn(g.translations, 'fr')];
    return known
      ? Object.entries(known).map(([lang, title]) => ({ lang, title }))
      : g.translations.map((t) => ({ lang: t.lang, title: short(t.name) })).filter((t) => t.title);
  };
  const entries: StoredEntry[] = [
    {
      title: 'Activités',
      type: 'animation',
      rubric: null,
      icon: iconFor(outline.find((i) => /soleil|activ/i.test(i.name))?.id ?? null, 0),
      translations: all('title', { fr: 'Activités', en: 'Activities', de: 'Aktivitäten', nl: 'Activiteiten', it: 'Attività', es: 'Actividades', pt: 'Atividades' }),
    },
    ...groups.slice(0, 3).map((g, i) => ({
      title: titles(g).find((t) => t.lang === 'fr')?.title ?? short(nameIn(g.translations, 'fr')),
      type: 'rubric' as const,
      rubric: g.id,
      icon: iconFor(g.icon, i + 1),
      translations: titles(g),
    })),
  ];
  await saveEntries(tx, entries);
}
