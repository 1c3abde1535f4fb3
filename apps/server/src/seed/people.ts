import { fold, PERMISSIONS, type Permissions } from '@campsite/shared';
import { epochToZoned, zonedTimeToEpoch } from '@campsite/shared';
import { webappUsers } from '../db/schema';
import { newId } from '../lib/ids';
import { hashPassword } from '../lib/passwords';
import type { ClientInput, StayInput } from '../modules/imports/imports.parse';
import { upsertClients, upsertStays } from '../modules/imports/imports.repository';
import { insertUser } from '../modules/users/users.repository';
import type { SeedContext } from './context';

/**
 * Demo people (docs/people.md): 300 client files of French and European families, their stays over the
 * season (some on site today), 120 guest app accounts (password 'vacances-2025') and three staff
 * members with different flags (password 'equipe-2025').
 */
export const DEMO_GUEST_PASSWORD = 'vacances-2025';
export const DEMO_STAFF_PASSWORD = 'equipe-2025';

const LAST = [
  'Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent', 'Lefèvre', 'Michel',
  'Garcia', 'David', 'Bertrand', 'Roux', 'Vincent', 'Fournier', 'Morel', 'Girard', 'André', 'Mercier', 'Dupont', 'Lambert', 'Bonnet', 'François',
  'Martínez', 'Legrand', 'Garnier', 'Faure', 'Rousseau', 'Blanc', 'Guérin', 'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Becker',
  'De Vries', 'Van den Berg', 'Jansen', 'Bakker', 'Visser', 'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Fernández', 'López', 'González',
  'Sánchez', 'Pereira', 'Santos', 'Ferreira', 'Oliveira', 'Smith', 'Jones', 'Williams', 'Brown', 'Taylor', "O'Brien", 'Nguyễn', 'Çelik', 'Le Gall',
  'Le Goff', 'Hervé', 'Gauthier', 'Chevalier', 'Perrin', 'Clément', 'Noël', 'Bénard', 'Lemaître', 'Hoarau', 'Béranger', 'Østergaard',
];
const FIRST_F = ['Élodie', 'Camille', 'Léa', 'Chloé', 'Manon', 'Inès', 'Sophie', 'Hélène', 'Zoé', 'Anaïs', 'Claire', 'Émilie', 'Anna', 'Lena', 'Sofia', 'Giulia', 'Lucía', 'Maria', 'Emma', 'Noémie', 'Maëlle', 'Margaux'];
const FIRST_M = ['Jean', 'Pierre', 'Lucas', 'Hugo', 'Louis', 'Gabriel', 'Théo', 'Mathéo', 'Nicolas', 'Julien', 'Stéphane', 'François', 'Jérôme', 'Lukas', 'Jonas', 'Daan', 'Luca', 'Marco', 'Pablo', 'João', 'Oliver', 'Noah'];
const CATEGORIES = ['Mobil-home Confort 4 pers.', 'Mobil-home Premium 6 pers.', 'Chalet Bois 5 pers.', 'Emplacement tente', 'Emplacement camping-car', 'Tente lodge safari'];
const LANG_OF = ['fr', 'fr', 'fr', 'fr', 'en', 'de', 'nl', 'it', 'es'] as const;
const DAY = 86400;

/** A small deterministic generator: the same demo on every machine. */
function random(seed: number) {
  let s = seed;
  const next = () => {
    s = (s * 1664525 + 1013904223) % 2 ** 32;
    return s / 2 ** 32;
  };
  return { int: (n: number) => Math.floor(next() * n), pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)], chance: (p: number) => next() < p };
}

export async function seedPeople({ tx, deps, now }: SeedContext) {
  const tz = deps.env.TIME_ZONE;
  const r = random(2025);
  const today = (() => {
    const p = epochToZoned(now, tz);
    return zonedTimeToEpoch(p.year, p.month, p.day, 0, 0, tz);
  })();
  const dayOffset = (n: number) => {
    const p = epochToZoned(today + n * DAY + 12 * 3600, tz);
    return zonedTimeToEpoch(p.year, p.month, p.day, 0, 0, tz);
  };

  const clientRows: ClientInput[] = [];
  const used = new Set<string>();
  const stayRows: StayInput[] = [];
  for (let i = 0; i < 300; i++) {
    const female = r.chance(0.5);
    const firstname = r.pick(female ? FIRST_F : FIRST_M);
    const lastname = r.pick(LAST);
    const client_number = String(24001 + i);
    const langage = r.pick(LANG_OF);
    // one address per person (an address is a guest's sign-in): namesakes get a number
    const base = `${fold(firstname)}.${fold(lastname).replace(/[^a-z]/g, '')}`;
    const mail = `${used.has(base) ? `${base}${i}` : base}@exemple.${langage === 'fr' ? 'fr' : 'eu'}`;
    used.add(base);
    clientRows.push({
      client_number,
      civility: female ? 'female' : 'male',
      firstname,
      lastname,
      birthday: r.chance(0.8) ? dayOffset(-(20 + r.int(50)) * 365 - r.int(365)) : null,
      langage,
      email1: mail,
      email2: r.chance(0.1) ? `${fold(firstname)}@travail.example` : null,
      phone1: langage === 'fr' ? `06 ${String(10 + r.int(89))} ${String(10 + r.int(89))} ${String(10 + r.int(89))} ${String(10 + r.int(89))}` : `+${r.pick(['44', '49', '31', '39', '34'])} ${String(100 + r.int(899))} ${String(1000000 + r.int(8999999))}`,
      phone2: r.chance(0.15) ? `04 ${String(10 + r.int(89))} ${String(10 + r.int(89))} ${String(10 + r.int(89))} ${String(10 + r.int(89))}` : null,
      client_type: r.chance(0.08) ? 'resident' : 'tourist',
    });
    // most files have a stay of the season, some two, a few none yet
    const count = i % 10 === 9 ? 0 : r.chance(0.15) ? 2 : 1;
    for (let s = 0; s < count; s++) {
      // one client in five is on site today, the others came earlier in the season or come later
      const arrivalOffset = i % 5 === 0 && s === 0 ? -r.int(6) : r.int(150) - 75;
      const nights = 3 + r.int(15);
      const category = r.pick(CATEGORIES);
      stayRows.push({
        stay_number: String(52001 + stayRows.length),
        client_number,
        location: `${category.startsWith('Emplacement') ? 'E' : category.startsWith('Chalet') ? 'C' : 'M'}${1 + r.int(120)}`,
        location_category: category,
        arrival: dayOffset(arrivalOffset),
        departure: dayOffset(arrivalOffset + nights),
        arrival_time: r.pick(['15:00', '16:00', '17:30', null]),
        departure_time: r.pick(['10:00', '11:00', null]),
        participants: [],
      });
    }
  }
  await upsertClients(tx, clientRows, 'démo', now);
  await upsertStays(tx, stayRows, 'démo', now);

  // 120 guest accounts: the primary guest of files with a stay, and some of their family
  const guestHash = await hashPassword(DEMO_GUEST_PASSWORD);
  const withStay = clientRows.filter((c) => stayRows.some((s) => s.client_number === c.client_number));
  const users: (typeof webappUsers.$inferInsert)[] = [];
  for (const c of withStay) {
    if (users.length >= 120) break;
    const stay = stayRows.filter((s) => s.client_number === c.client_number).sort((a, b) => b.arrival - a.arrival)[0];
    const created = Math.min(now, stay.arrival - r.int(20) * DAY);
    users.push({
      id: newId(), clientNumber: c.client_number, civility: c.civility === 'female' ? 'femme' : 'homme', firstname: c.firstname!, lastname: c.lastname!,
      birthday: c.birthday ?? null, phone: c.phone1 ?? null, email: c.email1!, activate: r.chance(0.85), stayNumber: stay.stay_number, username: c.email1!,
      langage: c.langage ?? 'fr', userType: 'primary', participantType: null, passwordHash: guestHash, createdTime: created, editedTime: created,
    });
    if (users.length < 120 && r.chance(0.3)) {
      const female = r.chance(0.5);
      const firstname = r.pick(female ? FIRST_F : FIRST_M);
      users.push({
        id: newId(), clientNumber: c.client_number, civility: female ? 'femme' : 'homme', firstname, lastname: c.lastname!, birthday: null, phone: null,
        email: `${fold(firstname)}.${c.client_number}@famille.example`, activate: r.chance(0.7), stayNumber: stay.stay_number, username: null,
        langage: c.langage ?? 'fr', userType: 'participant', participantType: r.pick(['mother', 'father', 'other'] as const), passwordHash: guestHash,
        // a day after the primary, never after today
        createdTime: Math.min(now, created + DAY), editedTime: Math.min(now, created + DAY),
      });
    }
  }
  await tx.insert(webappUsers).values(users);

  // three staff members with different flags
  const staffHash = await hashPassword(DEMO_STAFF_PASSWORD);
  const flags = (on: (typeof PERMISSIONS)[number][]) => Object.fromEntries(PERMISSIONS.map((p) => [p, on.includes(p) ? 1 : 0])) as Permissions;
  const staff = [
    { username: 'accueil', firstname: 'Nathalie', lastname: 'Rivière', email: 'accueil@pins-dores.fr', permissions: flags(['homepage', 'users', 'emails', 'notifications', 'inventories', 'services', 'deposits', 'reviews']) },
    { username: 'animation', firstname: 'Kévin', lastname: 'Marchand', email: 'animation@pins-dores.fr', permissions: flags(['activities', 'rubrics', 'notifications']) },
    { username: 'direction', firstname: 'Isabelle', lastname: 'Fontaine', email: 'direction@pins-dores.fr', permissions: flags(['homepage', 'users', 'rubrics', 'activities', 'services', 'reviews', 'stats', 'emails', 'params']) },
  ];
  for (const s of staff) await insertUser(tx, { id: newId(), ...s, passwordHash: staffHash, avatar: null, createdTime: now, editedTime: now });
}
