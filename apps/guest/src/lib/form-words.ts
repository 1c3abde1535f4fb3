import type { Lang } from '@campsite/shared/i18n/languages';

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
} as const satisfies Record<string, readonly [string, string, string, string, string, string, string]>;

export type FormWord = keyof typeof WORDS;
const ORDER: Lang[] = ['fr', 'en', 'de', 'nl', 'it', 'es', 'pt'];

export function formWord(lang: Lang, key: FormWord): string {
  return WORDS[key][ORDER.indexOf(lang)] ?? WORDS[key][1];
}

/** For tests: every word in every language. */
export const ALL_FORM_WORDS = WORDS;
