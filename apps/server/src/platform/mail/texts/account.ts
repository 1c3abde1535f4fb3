import type { MailTexts } from '../catalog.types';

// The account mails that are not editable templates (the activation mail is the establishment's
// 'confirmation-email' template). A link alone in its paragraph is the mail's button (render.ts).

/** A new password asked for: the link (#lien) to choose it, valid 2 hours. */
export const PASSWORD_MAIL: MailTexts = {
  fr: {
    subject: 'Nouveau mot de passe',
    body: "<p>Bonjour #prenom,</p><p>Vous avez demandé un nouveau mot de passe pour l'application de l'établissement. Cliquez sur le bouton ci-dessous pour le choisir :</p><p><a href=\"#lien\">Choisir un nouveau mot de passe</a></p><p>Ce lien est valable 2 heures. Si vous n'avez rien demandé, ignorez ce message.</p>",
  },
  en: {
    subject: 'New password',
    body: "<p>Hello #prenom,</p><p>You asked for a new password for the establishment's app. Click the button below to choose it:</p><p><a href=\"#lien\">Choose a new password</a></p><p>This link is valid for 2 hours. If you did not ask for it, ignore this message.</p>",
  },
  de: {
    subject: 'Neues Passwort',
    body: '<p>Hallo #prenom,</p><p>Sie haben ein neues Passwort für unsere App angefordert. Klicken Sie auf die Schaltfläche unten, um es festzulegen:</p><p><a href="#lien">Neues Passwort festlegen</a></p><p>Dieser Link ist 2 Stunden lang gültig. Wenn Sie nichts angefordert haben, ignorieren Sie diese Nachricht.</p>',
  },
  nl: {
    subject: 'Nieuw wachtwoord',
    body: '<p>Hallo #prenom,</p><p>U heeft een nieuw wachtwoord voor onze app aangevraagd. Klik op de knop hieronder om het te kiezen:</p><p><a href="#lien">Nieuw wachtwoord kiezen</a></p><p>Deze link is 2 uur geldig. Heeft u niets aangevraagd? Dan kunt u dit bericht negeren.</p>',
  },
  it: {
    subject: 'Nuova password',
    body: '<p>Gentile #prenom,</p><p>ha richiesto una nuova password per la nostra app. Clicchi sul pulsante qui sotto per sceglierla:</p><p><a href="#lien">Scegli una nuova password</a></p><p>Questo link è valido 2 ore. Se non ha richiesto nulla, ignori questo messaggio.</p>',
  },
  es: {
    subject: 'Nueva contraseña',
    body: '<p>Hola, #prenom:</p><p>Ha solicitado una nueva contraseña para nuestra aplicación. Haga clic en el botón de abajo para elegirla:</p><p><a href="#lien">Elegir una nueva contraseña</a></p><p>Este enlace es válido durante 2 horas. Si no ha solicitado nada, ignore este mensaje.</p>',
  },
  pt: {
    subject: 'Nova palavra-passe',
    body: '<p>Olá #prenom,</p><p>Pediu uma nova palavra-passe para a nossa aplicação. Clique no botão abaixo para a escolher:</p><p><a href="#lien">Escolher uma nova palavra-passe</a></p><p>Esta ligação é válida durante 2 horas. Se não pediu nada, ignore esta mensagem.</p>',
  },
};

/** A sign-up with an address that already has an account: its owner is told, the sign-up answers as any other. */
export const ACCOUNT_EXISTS_MAIL: MailTexts = {
  fr: {
    subject: 'Vous avez déjà un compte',
    body: "<p>Bonjour #prenom,</p><p>Quelqu'un, peut-être vous, a voulu créer un compte avec cette adresse e-mail dans l'application de l'établissement. Vous en avez déjà un : connectez-vous, ou choisissez un nouveau mot de passe si vous l'avez oublié.</p><p><a href=\"#lien\">Ouvrir l'application</a></p><p>Si vous n'avez rien demandé, ignorez ce message : votre compte n'a pas changé.</p>",
  },
  en: {
    subject: 'You already have an account',
    body: "<p>Hello #prenom,</p><p>Someone, perhaps you, tried to create an account with this e-mail address in the establishment's app. You already have one: sign in, or choose a new password if you have forgotten it.</p><p><a href=\"#lien\">Open the app</a></p><p>If you did not ask for anything, ignore this message: your account has not changed.</p>",
  },
  de: {
    subject: 'Sie haben bereits ein Konto',
    body: '<p>Hallo #prenom,</p><p>Jemand, vielleicht Sie selbst, wollte mit dieser E-Mail-Adresse ein Konto in unserer App erstellen. Sie haben bereits eines: Melden Sie sich an oder legen Sie ein neues Passwort fest, falls Sie es vergessen haben.</p><p><a href="#lien">App öffnen</a></p><p>Wenn Sie nichts angefordert haben, ignorieren Sie diese Nachricht: Ihr Konto bleibt unverändert.</p>',
  },
  nl: {
    subject: 'U heeft al een account',
    body: '<p>Hallo #prenom,</p><p>Iemand, misschien uzelf, wilde met dit e-mailadres een account aanmaken in onze app. U heeft er al een: log in, of kies een nieuw wachtwoord als u het bent vergeten.</p><p><a href="#lien">De app openen</a></p><p>Heeft u niets aangevraagd? Dan kunt u dit bericht negeren: uw account is niet gewijzigd.</p>',
  },
  it: {
    subject: 'Ha già un account',
    body: "<p>Gentile #prenom,</p><p>qualcuno, forse Lei, ha cercato di creare un account con questo indirizzo e-mail nella nostra app. Lei ne ha già uno: acceda, oppure scelga una nuova password se l'ha dimenticata.</p><p><a href=\"#lien\">Apri l'app</a></p><p>Se non ha richiesto nulla, ignori questo messaggio: il Suo account non è cambiato.</p>",
  },
  es: {
    subject: 'Ya tiene una cuenta',
    body: '<p>Hola, #prenom:</p><p>Alguien, quizá usted, ha intentado crear una cuenta con esta dirección de correo electrónico en nuestra aplicación. Ya tiene una: inicie sesión o elija una nueva contraseña si la ha olvidado.</p><p><a href="#lien">Abrir la aplicación</a></p><p>Si no ha solicitado nada, ignore este mensaje: su cuenta no ha cambiado.</p>',
  },
  pt: {
    subject: 'Já tem uma conta',
    body: '<p>Olá #prenom,</p><p>Alguém, talvez você, tentou criar uma conta com este endereço de e-mail na nossa aplicação. Já tem uma: inicie sessão ou escolha uma nova palavra-passe, se a esqueceu.</p><p><a href="#lien">Abrir a aplicação</a></p><p>Se não pediu nada, ignore esta mensagem: a sua conta não foi alterada.</p>',
  },
};
