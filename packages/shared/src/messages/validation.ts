import { z } from 'zod';

/**
 * The French sentences of validation that no field names itself: zod's defaults are English and
 * written for developers. Installed once below as zod's error map, so that the dashboard's forms, the
 * guest app and the server's 400s say the same words for the same rule.
 */
export const VALIDATION = {
  required: 'Ce champ est obligatoire',
  invalid: 'Valeur invalide',
  notAllowed: "Cette valeur n'est pas autorisée",
  expected: {
    string: 'Veuillez indiquer un texte',
    number: 'Veuillez indiquer un nombre',
    int: 'Veuillez indiquer un nombre entier',
    boolean: 'Veuillez indiquer oui ou non',
    array: 'Une liste est attendue',
    object: 'Des champs sont attendus',
  } as Record<string, string>,
  textTooLong: (max: number) => `Ce texte ne doit pas dépasser ${max} caractères`,
  textTooShort: (min: number) => `Ce texte doit contenir au moins ${min} caractères`,
  numberTooBig: (max: number | bigint, inclusive: boolean) =>
    inclusive ? `La valeur ne doit pas dépasser ${max}` : `La valeur doit être inférieure à ${max}`,
  numberTooSmall: (min: number | bigint, inclusive: boolean) =>
    inclusive ? `La valeur doit être au moins ${min}` : `La valeur doit être supérieure à ${min}`,
  tooManyItems: (max: number) => `Pas plus de ${max} éléments`,
  tooFewItems: (min: number) => (min <= 1 ? 'Au moins un élément est nécessaire' : `Au moins ${min} éléments sont nécessaires`),
  emailInvalid: 'Adresse e-mail invalide',
  urlInvalid: 'Adresse web invalide',
  formatInvalid: "Ce texte n'a pas le format attendu",
  unknownFields: (keys: string[]) => `Champ${keys.length > 1 ? 's' : ''} inconnu${keys.length > 1 ? 's' : ''} : ${keys.join(', ')}`,
  /** a NUL character or half of a surrogate pair: no keyboard types them, the database refuses them */
  badCharacter: 'Ce texte contient un caractère non autorisé',
  bodyTooLarge: 'La requête est trop volumineuse.',
} as const;

type Issue = z.core.$ZodRawIssue;

export function frenchIssue(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? VALIDATION.required : (VALIDATION.expected[issue.expected] ?? VALIDATION.invalid);
    case 'too_big':
      if (issue.origin === 'string') return VALIDATION.textTooLong(Number(issue.maximum));
      if (issue.origin === 'array' || issue.origin === 'set') return VALIDATION.tooManyItems(Number(issue.maximum));
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return VALIDATION.numberTooBig(issue.maximum as number, issue.inclusive ?? true);
      }
      return VALIDATION.invalid;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? VALIDATION.required : VALIDATION.textTooShort(Number(issue.minimum));
      if (issue.origin === 'array' || issue.origin === 'set') return VALIDATION.tooFewItems(Number(issue.minimum));
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return VALIDATION.numberTooSmall(issue.minimum as number, issue.inclusive ?? true);
      }
      return VALIDATION.invalid;
    case 'invalid_format':
      if (issue.format === 'email') return VALIDATION.emailInvalid;
      if (issue.format === 'url') return VALIDATION.urlInvalid;
      return VALIDATION.formatInvalid;
    case 'invalid_value':
      return VALIDATION.notAllowed;
    case 'unrecognized_keys':
      return VALIDATION.unknownFields(issue.keys);
    case 'invalid_union': {
      // the one option of the right type says what is wrong ('' or at least 8 characters: the 8)
      const near = issue.errors.find((branch) => branch.length && branch.every((i) => i.code !== 'invalid_type' && i.code !== 'invalid_value'));
      return near?.[0]?.message ?? VALIDATION.invalid;
    }
    default:
      return VALIDATION.invalid;
  }
}

const BAD_CHARACTER = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** True for a text PostgreSQL cannot store or that no keyboard types: a NUL, or half of a surrogate pair. */
export const hasBadCharacter = (text: string) => text.search(BAD_CHARACTER) !== -1;
/** The text without them (a file's name: the user chose the file, not its name). */
export const withoutBadCharacters = (text: string) => text.replace(BAD_CHARACTER, '');

// once, wherever the shared package is loaded (both apps, the server, the tests)
z.config({ localeError: frenchIssue });
