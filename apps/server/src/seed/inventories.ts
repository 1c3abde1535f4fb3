import { and, asc, inArray, lte } from 'drizzle-orm';
import type { Lang } from '@campsite/shared';
import { inventoryStatus } from '@campsite/shared';
import type { Actor, Names, StoredCategory } from '../db/schema';
import { accommodationCategories, accommodations, inventories, inventoryComments, inventoryValues, stays } from '../db/schema';
import { newId } from '../lib/ids';
import { setEntry } from '../platform/settings/settings.repository';
import type { SeedContext } from './context';

/**
 * Demo inventories (issue 23): three accommodation types with their setup in the seven languages, each
 * covering one of the demo stays' categories, guests allowed to fill the arrival inventory, and
 * inventories for stays of the demo people: arrivals done, departures done, one with a glass reported
 * missing at arrival (warning) and one departure with two missing items (error, a priced difference).
 */

type Word = Record<Lang, string>;
const w = (fr: string, en: string, de: string, nl: string, it: string, es: string, pt: string): Word => ({ fr, en, de, nl, it, es, pt });
const names = (word: Word): Names[] => (Object.keys(word) as Lang[]).map((lang) => ({ lang, name: word[lang] }));

const PLATE = w('Assiette plate', 'Dinner plate', 'Flacher Teller', 'Plat bord', 'Piatto piano', 'Plato llano', 'Prato raso');
const GLASS = w('Verre', 'Glass', 'Glas', 'Glas', 'Bicchiere', 'Vaso', 'Copo');
const KNIFE = w('Couteau', 'Knife', 'Messer', 'Mes', 'Coltello', 'Cuchillo', 'Faca');
const FORK = w('Fourchette', 'Fork', 'Gabel', 'Vork', 'Forchetta', 'Tenedor', 'Garfo');
const PAN = w('Poêle', 'Frying pan', 'Pfanne', 'Koekenpan', 'Padella', 'Sartén', 'Frigideira');
const DUVET = w('Couette', 'Duvet', 'Bettdecke', 'Dekbed', 'Piumone', 'Edredón', 'Edredão');
const PILLOW = w('Oreiller', 'Pillow', 'Kopfkissen', 'Kussen', 'Cuscino', 'Almohada', 'Almofada');
const CHAIR = w('Chaise de jardin', 'Garden chair', 'Gartenstuhl', 'Tuinstoel', 'Sedia da giardino', 'Silla de jardín', 'Cadeira de jardim');
const KITCHEN = w('Cuisine', 'Kitchen', 'Küche', 'Keuken', 'Cucina', 'Cocina', 'Cozinha');
const BEDROOM = w('Chambre', 'Bedroom', 'Schlafzimmer', 'Slaapkamer', 'Camera', 'Dormitorio', 'Quarto');
const TERRACE = w('Terrasse', 'Terrace', 'Terrasse', 'Terras', 'Terrazza', 'Terraza', 'Terraço');
const DISHES = w('Vaisselle', 'Tableware', 'Geschirr', 'Servies', 'Stoviglie', 'Vajilla', 'Louça');
const BEDDING = w('Literie', 'Bedding', 'Bettwäsche', 'Beddengoed', 'Biancheria', 'Ropa de cama', 'Roupa de cama');
const OUTSIDE = w('Extérieur', 'Outside', 'Außenbereich', 'Buiten', 'Esterno', 'Exterior', 'Exterior');

/** [name, quantity, price in cents] per supply; the room-state items of each category. */
type Spec = { name: Word; supplies: [Word, number, number][]; states: Word[] }[];
const TYPES: { name: string; categories: string[]; spec: Spec }[] = [
  {
    name: 'Mobil-home 6 places',
    categories: ['Mobil-home Premium 6 pers.', 'Mobil-home Confort 4 pers.'],
    spec: [
      { name: DISHES, supplies: [[PLATE, 6, 450], [GLASS, 6, 200], [KNIFE, 6, 300], [FORK, 6, 300], [PAN, 1, 2500]], states: [KITCHEN] },
      { name: BEDDING, supplies: [[DUVET, 6, 6000], [PILLOW, 6, 1500]], states: [BEDROOM] },
      { name: OUTSIDE, supplies: [[CHAIR, 6, 2500]], states: [TERRACE] },
    ],
  },
  {
    name: 'Chalet 4 places',
    categories: ['Chalet Bois 5 pers.'],
    spec: [
      { name: DISHES, supplies: [[PLATE, 4, 450], [GLASS, 4, 200], [KNIFE, 4, 300], [FORK, 4, 300], [PAN, 1, 2500]], states: [KITCHEN] },
      { name: BEDDING, supplies: [[DUVET, 4, 6000], [PILLOW, 4, 1500]], states: [BEDROOM] },
    ],
  },
  {
    name: 'Tente safari',
    categories: ['Tente lodge safari'],
    spec: [{ name: DISHES, supplies: [[PLATE, 5, 450], [GLASS, 5, 200], [KNIFE, 5, 300]], states: [KITCHEN] }],
  },
];

export async function seedInventories({ tx, now }: SeedContext) {
  await setEntry(tx, 'inventory', {
    arrival: true,
    departure: true,
    arrival_staff: true,
    arrival_user: true,
    departure_staff: true,
    departure_user: false,
    delay: 48,
    translations: [
      { lang: 'fr', comment: "Vérifiez le contenu de votre hébergement à votre arrivée et signalez-nous ce qui manque : nous le comparerons à l'inventaire de sortie." },
      { lang: 'en', comment: 'Check what your accommodation holds when you arrive and tell us what is missing: we will compare it with the departure inventory.' },
      { lang: 'de', comment: 'Prüfen Sie bei Ihrer Ankunft den Inhalt Ihrer Unterkunft und melden Sie uns, was fehlt: Wir vergleichen es mit dem Inventar bei der Abreise.' },
      { lang: 'nl', comment: 'Controleer bij aankomst wat uw accommodatie bevat en laat ons weten wat ontbreekt: wij vergelijken het met de inventaris bij vertrek.' },
      { lang: 'it', comment: "Controlli il contenuto del suo alloggio all'arrivo e ci segnali ciò che manca: lo confronteremo con l'inventario di partenza." },
      { lang: 'es', comment: 'Compruebe el contenido de su alojamiento al llegar y díganos lo que falta: lo compararemos con el inventario de salida.' },
      { lang: 'pt', comment: 'Verifique o conteúdo do seu alojamento à chegada e diga-nos o que falta: vamos compará-lo com o inventário de saída.' },
    ],
  });
  const setups = new Map<string, { id: string; name: string; setup: StoredCategory[] }>();
  for (const type of TYPES) {
    const id = newId();
    await tx.insert(accommodations).values({ id, name: type.name, categories: type.categories, deposit: type.name !== 'Tente safari', createdTime: now, editedTime: now });
    const setup: StoredCategory[] = type.spec.map((c) => ({
      _id: newId(),
      translations: names(c.name),
      objects: c.supplies.map(([name, quantity, price]) => ({ _id: newId(), translations: names(name), quantity, price })),
      reviews: c.states.map((s) => ({ _id: newId(), translations: names(s) })),
    }));
    await tx.insert(accommodationCategories).values(setup.map((c, i) => ({ id: c._id, accommodationId: id, position: i, translations: c.translations, objects: c.objects, reviews: c.reviews })));
    for (const category of type.categories) setups.set(category, { id, name: type.name, setup });
  }

  // stays already begun of the covered categories: the first twelve by arrival
  const begun = await tx
    .select({ stayNumber: stays.stayNumber, category: stays.locationCategory, departure: stays.departure })
    .from(stays)
    .where(and(inArray(stays.locationCategory, [...setups.keys()]), lte(stays.arrival, now)))
    .orderBy(asc(stays.arrival), asc(stays.stayNumber))
    .limit(12);
  const staff: Actor = { _id: 'demo', name: 'Nathalie Rivière', kind: 'staff' };
  for (const [i, s] of begun.entries()) {
    const type = setups.get(s.category!)!;
    const objects = type.setup.flatMap((c) => c.objects);
    const reviews = type.setup.flatMap((c) => c.reviews);
    const write = async (kind: 'arrival' | 'departure', count: (o: (typeof objects)[number], j: number) => number, time: number, arrival?: Map<string, number>) => {
      const id = newId();
      const counts = new Map(objects.map((o, j) => [o._id, count(o, j)]));
      const rating = kind === 'departure' && i === 1 ? 2 : 4;
      const status = inventoryStatus(kind, [
        { objects: objects.map((o) => ({ _id: o._id, name: '', quantity: o.quantity, price: o.price, count: counts.get(o._id)!, client_count: arrival?.get(o._id) ?? null })), reviews: reviews.map(() => ({ condition: rating, cleanliness: 4 })) },
      ]);
      await tx.insert(inventories).values({ id, stayNumber: s.stayNumber, type: kind, accommodationId: type.id, accommodationName: type.name, setup: type.setup, status, createUser: staff, updateUser: staff, createTime: time, updateTime: time });
      await tx.insert(inventoryValues).values([
        ...objects.map((o) => ({ inventoryId: id, itemId: o._id, count: counts.get(o._id)!, at: time })),
        ...reviews.map((r) => ({ inventoryId: id, itemId: r._id, condition: rating, cleanliness: 4, at: time })),
      ]);
      return { id, counts };
    };
    const arrivalTime = now - (12 - i) * 3600;
    // the third stay: a glass reported missing at arrival (the warning case)
    const arrival = await write('arrival', (o, j) => (i === 2 && j === 1 ? o.quantity - 1 : o.quantity), arrivalTime);
    if (i === 2) await tx.insert(inventoryComments).values({ id: newId(), inventoryId: arrival.id, key: null, userRef: staff, comment: 'Un verre manquait déjà à votre arrivée : il ne vous sera pas compté.', time: arrivalTime });
    if (s.departure > now && i > 1) continue;
    // the first stay: two knives and a pan missing at departure (a priced difference)
    const departure = await write('departure', (o, j) => (i === 0 && j === 2 ? o.quantity - 2 : i === 0 && j === 4 ? 0 : arrival.counts.get(o._id)!), arrivalTime + 1800, arrival.counts);
    if (i === 0) await tx.insert(inventoryComments).values({ id: newId(), inventoryId: departure.id, key: null, userRef: staff, comment: 'Deux couteaux et la poêle manquent au départ.', time: arrivalTime + 1800 });
  }
}
