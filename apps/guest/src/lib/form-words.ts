import type { Lang } from '@campsite/shared/i18n/languages';
import { WORD_ORDER, wordsOf, type WordTable } from './words';

/**
 * The words every form of the guest app says (a missing field, a refused value, a request that did not go
 * through), in the seven languages (fr, en, de, nl, it, es, pt). Small, so that they travel with each
 * screen that has a form rather than in the home's download.
 */
const WORDS = {
  required: ['Ce champ est obligatoire.', 'This field is required.', 'Dieses Feld ist erforderlich.', 'Dit veld is verplicht.', 'Campo obbligatorio.', 'Este campo es obligatorio.', 'Este campo é obrigatório.'],
  emailInvalid: ['Adresse e-mail invalide.', 'Invalid email address.', 'Ungültige E-Mail-Adresse.', 'Ongeldig e-mailadres.', 'Indirizzo e-mail non valido.', 'Correo electrónico no válido.', 'Endereço de e-mail inválido.'],
  passwordShort: [
    'Le mot de passe doit contenir au moins 8 caractères.',
    'The password must have at least 8 characters.',
    'Das Passwort muss mindestens 8 Zeichen haben.',
    'Het wachtwoord moet minstens 8 tekens hebben.',
    'La password deve avere almeno 8 caratteri.',
    'La contraseña debe tener al menos 8 caracteres.',
    'A palavra-passe deve ter pelo menos 8 caracteres.',
  ],
  tooMany: [
    'Trop de tentatives. Réessayez dans quelques minutes.',
    'Too many attempts. Try again in a few minutes.',
    'Zu viele Versuche. Versuchen Sie es in ein paar Minuten erneut.',
    'Te veel pogingen. Probeer het over een paar minuten opnieuw.',
    'Troppi tentativi. Riprova tra qualche minuto.',
    'Demasiados intentos. Inténtalo de nuevo en unos minutos.',
    'Demasiadas tentativas. Tente novamente dentro de alguns minutos.',
  ],
  failed: [
    "Cela n'a pas abouti. Vérifiez votre connexion et réessayez.",
    'That did not go through. Check your connection and try again.',
    'Das hat nicht geklappt. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    'Dat is niet gelukt. Controleer uw verbinding en probeer het opnieuw.',
    'Non è andato a buon fine. Controlla la connessione e riprova.',
    'No se ha podido completar. Comprueba tu conexión e inténtalo de nuevo.',
    'Não foi possível concluir. Verifique a ligação e tente novamente.',
  ],
} as const satisfies WordTable;

export type FormWord = keyof typeof WORDS;

export const formWord = wordsOf(WORDS);

type Unit = 'second' | 'minute' | 'hour';
// singular and plural of each unit, per language (WORD_ORDER)
const UNITS: Record<Unit, readonly [string, string][]> = {
  second: [['seconde', 'secondes'], ['second', 'seconds'], ['Sekunde', 'Sekunden'], ['seconde', 'seconden'], ['secondo', 'secondi'], ['segundo', 'segundos'], ['segundo', 'segundos']],
  minute: [['minute', 'minutes'], ['minute', 'minutes'], ['Minute', 'Minuten'], ['minuut', 'minuten'], ['minuto', 'minuti'], ['minuto', 'minutos'], ['minuto', 'minutos']],
  hour: [['heure', 'heures'], ['hour', 'hours'], ['Stunde', 'Stunden'], ['uur', 'uur'], ['ora', 'ore'], ['hora', 'horas'], ['hora', 'horas']],
};
const TRY_AGAIN_IN: ((d: string) => string)[] = [
  (d) => `Trop de tentatives. Réessayez dans ${d}.`,
  (d) => `Too many attempts. Try again in ${d}.`,
  (d) => `Zu viele Versuche. Versuchen Sie es in ${d} erneut.`,
  (d) => `Te veel pogingen. Probeer het over ${d} opnieuw.`,
  (d) => `Troppi tentativi. Riprova tra ${d}.`,
  (d) => `Demasiados intentos. Inténtalo de nuevo en ${d}.`,
  (d) => `Demasiadas tentativas. Tente novamente dentro de ${d}.`,
];

/**
 * A throttle's refusal in the guest's language, with the wait the server gave (Retry-After, seconds):
 * its own sentence is French only. Seconds under a minute, minutes under an hour, else hours (rounded up).
 */
export function tryAgainIn(lang: Lang, seconds: number): string {
  const i = WORD_ORDER.includes(lang) ? WORD_ORDER.indexOf(lang) : 1;
  const [n, unit]: [number, Unit] = seconds < 60 ? [Math.ceil(seconds), 'second'] : seconds < 3600 ? [Math.ceil(seconds / 60), 'minute'] : [Math.ceil(seconds / 3600), 'hour'];
  const [one, many] = UNITS[unit][i];
  return TRY_AGAIN_IN[i](`${n} ${n > 1 ? many : one}`);
}

/** For tests: every word in every language. */
export const ALL_FORM_WORDS = WORDS;
