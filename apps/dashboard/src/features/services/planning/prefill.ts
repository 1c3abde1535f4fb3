import { epochToZoned } from '@campsite/shared';

/** Age in whole years at `now` of a birthday (epoch seconds), read in the establishment's zone. */
export function ageAt(birthday: number, now: number, timeZone: string): number {
  const b = epochToZoned(birthday, timeZone);
  const n = epochToZoned(now, timeZone);
  return n.year - b.year - (n.month < b.month || (n.month === b.month && n.day < b.day) ? 1 : 0);
}

/**
 * The honorific in French (issue 32): 'Mme' (no full stop: its last letter is the word's) and 'M.', as French
 * typography writes them; 001 §4 quotes the old app's 'Mme. ' and 'Mr. ', the English abbreviation.
 */
const civilityOf = (c: string | null) => (c === 'female' || c === 'femme' ? 'Mme ' : c === 'male' || c === 'homme' ? 'M. ' : '');

interface Person {
  civility: string | null;
  firstname: string;
  lastname: string;
  birthday: number | null;
}

/**
 * 001 §4: identity, age and phone from the chosen app account, else from the client file: civility
 * ('Mme ' or 'M. ') with first and last name, the age from the birthday, the client file's first phone.
 */
export function prefillFrom(client: (Person & { phone: string | null }) | null, user: Person | null, now: number, timeZone: string) {
  const person = user ?? client;
  return {
    identity: person ? `${civilityOf(person.civility)}${person.firstname} ${person.lastname}`.trim() : '',
    age: person?.birthday != null ? String(ageAt(person.birthday, now, timeZone)) : '',
    phone: client?.phone ?? '',
  };
}
