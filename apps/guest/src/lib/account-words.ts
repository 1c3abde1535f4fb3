import { SIGN_IN_INTRO, SIGN_IN_TITLE } from '@campsite/shared/client/first-screen';
import { wordsOf } from './words';
import type { AccountError } from '@campsite/shared/contract/account';

/**
 * The words of the account screens, in the seven languages (fr, en, de, nl, it, es, pt). Apart from the
 * app's dictionary, so that they travel with the account screen's chunk, not in the home's download.
 */
const WORDS = {
  // shared with the server, which draws them before the app has loaded (first-screen.ts)
  signInTitle: SIGN_IN_TITLE,
  signInIntro: SIGN_IN_INTRO,
  closedIntro: [
    "Connectez-vous pour accéder à l'application de votre séjour.",
    'Sign in to use the app of your stay.',
    'Melden Sie sich an, um die App Ihres Aufenthalts zu nutzen.',
    'Log in om de app van uw verblijf te gebruiken.',
    "Accedi per usare l'app del tuo soggiorno.",
    'Inicia sesión para usar la aplicación de tu estancia.',
    'Inicie sessão para usar a aplicação da sua estadia.',
  ],
  signIn: ['Se connecter', 'Sign in', 'Anmelden', 'Inloggen', 'Accedi', 'Iniciar sesión', 'Iniciar sessão'],
  // 'My bookings' (issue 32): the account's link and the services screens' title share it
  myBookings: ['Mes réservations', 'My bookings', 'Meine Buchungen', 'Mijn reserveringen', 'Le mie prenotazioni', 'Mis reservas', 'As minhas reservas'],
  // the account's link to the notifications received and that screen's title (issue 32)
  myNotifications: ['Mes notifications', 'My notifications', 'Meine Mitteilungen', 'Mijn meldingen', 'Le mie notifiche', 'Mis notificaciones', 'As minhas notificações'],
  signOut: ['Se déconnecter', 'Sign out', 'Abmelden', 'Uitloggen', 'Esci', 'Cerrar sesión', 'Terminar sessão'],
  signUpTitle: ['Créer un compte', 'Create an account', 'Konto erstellen', 'Account aanmaken', 'Crea un account', 'Crear una cuenta', 'Criar uma conta'],
  signUp: ['Créer mon compte', 'Create my account', 'Mein Konto erstellen', 'Mijn account aanmaken', 'Crea il mio account', 'Crear mi cuenta', 'Criar a minha conta'],
  noAccount: ['Pas encore de compte ?', 'No account yet?', 'Noch kein Konto?', 'Nog geen account?', 'Non hai ancora un account?', '¿Aún no tienes cuenta?', 'Ainda não tem conta?'],
  haveAccount: ['Déjà un compte ?', 'Already have an account?', 'Schon ein Konto?', 'Al een account?', 'Hai già un account?', '¿Ya tienes cuenta?', 'Já tem conta?'],
  forgot: ['Mot de passe oublié ?', 'Forgotten your password?', 'Passwort vergessen?', 'Wachtwoord vergeten?', 'Hai dimenticato la password?', '¿Olvidaste tu contraseña?', 'Esqueceu-se da palavra-passe?'],
  forgotIntro: [
    'Indiquez votre adresse e-mail : nous vous envoyons un lien pour choisir un nouveau mot de passe.',
    'Enter your email address and we will send you a link to choose a new password.',
    'Geben Sie Ihre E-Mail-Adresse ein: Wir senden Ihnen einen Link, um ein neues Passwort zu wählen.',
    'Vul uw e-mailadres in: we sturen u een link om een nieuw wachtwoord te kiezen.',
    'Inserisci il tuo indirizzo e-mail: ti inviamo un link per scegliere una nuova password.',
    'Escribe tu correo electrónico y te enviaremos un enlace para elegir una nueva contraseña.',
    'Indique o seu endereço de e-mail: enviamos-lhe uma ligação para escolher uma nova palavra-passe.',
  ],
  sendLink: ['Envoyer le lien', 'Send the link', 'Link senden', 'Link versturen', 'Invia il link', 'Enviar el enlace', 'Enviar a ligação'],
  linkSent: [
    "Si un compte utilise cette adresse, un e-mail vient de partir : ouvrez le lien qu'il contient.",
    'If an account uses this address, an email is on its way: open the link it contains.',
    'Falls ein Konto diese Adresse nutzt, ist eine E-Mail unterwegs: Öffnen Sie den Link darin.',
    'Als een account dit adres gebruikt, is er een e-mail onderweg: open de link erin.',
    "Se un account usa questo indirizzo, ti abbiamo appena inviato un'e-mail: apri il link che contiene.",
    'Si una cuenta usa esta dirección, te acabamos de enviar un correo: abre el enlace que contiene.',
    'Se uma conta usar este endereço, acabámos de lhe enviar um e-mail: abra a ligação que contém.',
  ],
  signupSent: [
    "Votre compte est créé. Pour l'activer, ouvrez le lien que nous venons d'envoyer à {email}.",
    'Your account has been created. To activate it, open the link we have just sent to {email}.',
    'Ihr Konto wurde erstellt. Öffnen Sie zur Aktivierung den Link, den wir gerade an {email} gesendet haben.',
    'Uw account is aangemaakt. Open de link die we zojuist naar {email} hebben gestuurd om het te activeren.',
    'Il tuo account è stato creato. Per attivarlo, apri il link che abbiamo appena inviato a {email}.',
    'Tu cuenta se ha creado. Para activarla, abre el enlace que acabamos de enviar a {email}.',
    'A sua conta foi criada. Para a ativar, abra a ligação que acabámos de enviar para {email}.',
  ],
  activating: ['Activation de votre compte…', 'Activating your account…', 'Ihr Konto wird aktiviert…', 'Uw account wordt geactiveerd…', "Attivazione dell'account…", 'Activando tu cuenta…', 'A ativar a sua conta…'],
  activated: ['Votre compte est activé. Bienvenue !', 'Your account is activated. Welcome!', 'Ihr Konto ist aktiviert. Willkommen!', 'Uw account is geactiveerd. Welkom!', 'Il tuo account è attivo. Benvenuto!', 'Tu cuenta está activada. ¡Bienvenido!', 'A sua conta está ativada. Bem-vindo!'],
  resend: [
    "Renvoyer le lien d'activation",
    'Send the activation link again',
    'Aktivierungslink erneut senden',
    'Activeringslink opnieuw versturen',
    'Invia di nuovo il link di attivazione',
    'Volver a enviar el enlace de activación',
    'Reenviar a ligação de ativação',
  ],
  resetTitle: ['Nouveau mot de passe', 'New password', 'Neues Passwort', 'Nieuw wachtwoord', 'Nuova password', 'Nueva contraseña', 'Nova palavra-passe'],
  passwordSaved: [
    'Votre nouveau mot de passe est enregistré.',
    'Your new password is saved.',
    'Ihr neues Passwort ist gespeichert.',
    'Uw nieuwe wachtwoord is opgeslagen.',
    'La nuova password è stata salvata.',
    'Tu nueva contraseña se ha guardado.',
    'A sua nova palavra-passe foi guardada.',
  ],
  save: ['Enregistrer', 'Save', 'Speichern', 'Opslaan', 'Salva', 'Guardar', 'Guardar'],
  email: ['Adresse e-mail', 'Email address', 'E-Mail-Adresse', 'E-mailadres', 'Indirizzo e-mail', 'Correo electrónico', 'Endereço de e-mail'],
  password: ['Mot de passe', 'Password', 'Passwort', 'Wachtwoord', 'Password', 'Contraseña', 'Palavra-passe'],
  newPassword: ['Nouveau mot de passe', 'New password', 'Neues Passwort', 'Nieuw wachtwoord', 'Nuova password', 'Nueva contraseña', 'Nova palavra-passe'],
  passwordHint: ['8 caractères au moins', 'At least 8 characters', 'Mindestens 8 Zeichen', 'Minstens 8 tekens', 'Almeno 8 caratteri', 'Al menos 8 caracteres', 'Pelo menos 8 caracteres'],
  code: ["Code d'activation", 'Activation code', 'Aktivierungscode', 'Activeringscode', 'Codice di attivazione', 'Código de activación', 'Código de ativação'],
  codeHint: [
    "Il figure sur votre confirmation de réservation et dans l'e-mail reçu avant votre séjour.",
    'You will find it on your booking confirmation and in the email sent before your stay.',
    'Sie finden ihn in Ihrer Buchungsbestätigung und in der E-Mail vor Ihrem Aufenthalt.',
    'U vindt hem in uw reserveringsbevestiging en in de e-mail vóór uw verblijf.',
    "Lo trovi nella conferma di prenotazione e nell'e-mail ricevuta prima del soggiorno.",
    'Lo encontrarás en la confirmación de tu reserva y en el correo recibido antes de tu estancia.',
    'Encontra-o na confirmação da reserva e no e-mail recebido antes da estadia.',
  ],
  firstname: ['Prénom', 'First name', 'Vorname', 'Voornaam', 'Nome', 'Nombre', 'Nome próprio'],
  lastname: ['Nom', 'Last name', 'Nachname', 'Achternaam', 'Cognome', 'Apellidos', 'Apelido'],
  yourStay: ['Votre séjour', 'Your stay', 'Ihr Aufenthalt', 'Uw verblijf', 'Il tuo soggiorno', 'Tu estancia', 'A sua estadia'],
  booking: ['Réservation', 'Booking', 'Buchung', 'Boeking', 'Prenotazione', 'Reserva', 'Reserva'],
  arrival: ['Arrivée', 'Arrival', 'Anreise', 'Aankomst', 'Arrivo', 'Llegada', 'Chegada'],
  departure: ['Départ', 'Departure', 'Abreise', 'Vertrek', 'Partenza', 'Salida', 'Partida'],
  location: ['Emplacement', 'Pitch', 'Stellplatz', 'Plaats', 'Piazzola', 'Parcela', 'Local'],
  noStay: [
    "Aucun séjour n'est encore lié à votre compte.",
    'No stay is linked to your account yet.',
    'Mit Ihrem Konto ist noch kein Aufenthalt verbunden.',
    'Er is nog geen verblijf aan uw account gekoppeld.',
    'Nessun soggiorno è ancora collegato al tuo account.',
    'Aún no hay ninguna estancia vinculada a tu cuenta.',
    'Ainda não há nenhuma estadia associada à sua conta.',
  ],
  closed: [
    "Cet établissement ne propose pas de compte dans l'application.",
    'This campsite does not offer accounts in the app.',
    'Dieser Platz bietet in der App keine Konten an.',
    'Deze camping biedt geen accounts in de app aan.',
    "Questa struttura non offre account nell'app.",
    'Este establecimiento no ofrece cuentas en la aplicación.',
    'Este estabelecimento não disponibiliza contas na aplicação.',
  ],
  unknown_code: [
    "Ce code d'activation n'est pas reconnu. Vérifiez-le ou demandez-le à l'accueil.",
    'This activation code is not recognised. Check it or ask at reception.',
    'Dieser Aktivierungscode ist unbekannt. Prüfen Sie ihn oder fragen Sie an der Rezeption.',
    'Deze activeringscode is onbekend. Controleer hem of vraag hem aan de receptie.',
    'Questo codice di attivazione non è valido. Controllalo o chiedilo in reception.',
    'Este código de activación no es válido. Compruébalo o pídelo en recepción.',
    'Este código de ativação não é reconhecido. Verifique-o ou peça-o na receção.',
  ],
  wrong_credentials: [
    'Adresse e-mail ou mot de passe incorrect.',
    'Wrong email address or password.',
    'E-Mail-Adresse oder Passwort ist falsch.',
    'Onjuist e-mailadres of wachtwoord.',
    'Indirizzo e-mail o password errati.',
    'Correo electrónico o contraseña incorrectos.',
    'Endereço de e-mail ou palavra-passe incorretos.',
  ],
  not_activated: [
    "Votre compte n'est pas encore activé : ouvrez le lien reçu par e-mail.",
    'Your account is not activated yet: open the link we emailed you.',
    'Ihr Konto ist noch nicht aktiviert: Öffnen Sie den Link aus der E-Mail.',
    'Uw account is nog niet geactiveerd: open de link uit de e-mail.',
    "Il tuo account non è ancora attivo: apri il link ricevuto per e-mail.",
    'Tu cuenta aún no está activada: abre el enlace que recibiste por correo.',
    'A sua conta ainda não está ativada: abra a ligação recebida por e-mail.',
  ],
  invalid_token: [
    "Ce lien n'est plus valable : il a déjà servi ou il a expiré.",
    'This link is no longer valid: it has been used or it has expired.',
    'Dieser Link ist nicht mehr gültig: Er wurde bereits verwendet oder ist abgelaufen.',
    'Deze link is niet meer geldig: hij is al gebruikt of verlopen.',
    'Questo link non è più valido: è già stato usato o è scaduto.',
    'Este enlace ya no es válido: ya se ha usado o ha caducado.',
    'Esta ligação já não é válida: já foi usada ou expirou.',
  ],
  wrong_password: [
    'Le mot de passe actuel est incorrect.',
    'The current password is wrong.',
    'Das aktuelle Passwort ist falsch.',
    'Het huidige wachtwoord is onjuist.',
    'La password attuale è errata.',
    'La contraseña actual es incorrecta.',
    'A palavra-passe atual está incorreta.',
  ],
} as const satisfies Record<string, readonly [string, string, string, string, string, string, string]> & Record<AccountError, unknown>;

export type AccountWord = keyof typeof WORDS;

export const aw = wordsOf(WORDS);

/** For tests: every word in every language. */
export const ALL_ACCOUNT_WORDS = WORDS;
