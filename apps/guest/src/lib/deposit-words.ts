import { wordsOf } from './words';

/** The deposit screen's words, in fr en de nl it es pt. */
const WORDS = {
  title: ['Ma caution', 'My deposit', 'Meine Kaution', 'Mijn borg', 'La mia cauzione', 'Mi fianza', 'A minha caução'],
  amount: ['Montant', 'Amount', 'Betrag', 'Bedrag', 'Importo', 'Importe', 'Montante'],
  period: ['Période', 'Period', 'Zeitraum', 'Periode', 'Periodo', 'Periodo', 'Período'],
  pending: [
    "Pour votre séjour, l'établissement vous demande une caution par l'intermédiaire de Swikly. Aucune somme n'est débitée : l'empreinte est libérée après votre départ si rien ne manque.",
    'For your stay, the campsite asks you for a deposit through Swikly. Nothing is charged: the hold is released after your departure if nothing is missing.',
    'Für Ihren Aufenthalt bittet der Campingplatz Sie über Swikly um eine Kaution. Es wird nichts abgebucht: Die Vormerkung wird nach Ihrer Abreise freigegeben, wenn nichts fehlt.',
    'Voor uw verblijf vraagt de camping via Swikly een borg. Er wordt niets afgeschreven: de reservering vervalt na uw vertrek als er niets ontbreekt.',
    'Per il suo soggiorno, il campeggio le chiede una cauzione tramite Swikly. Non viene addebitato nulla: la garanzia viene sbloccata dopo la partenza se non manca nulla.',
    'Para su estancia, el camping le pide una fianza a través de Swikly. No se cobra nada: la retención se libera después de su salida si no falta nada.',
    'Para a sua estadia, o parque pede-lhe uma caução através da Swikly. Nada é cobrado: a pré-autorização é libertada após a sua partida se nada faltar.',
  ],
  leave: ['Déposer ma caution', 'Leave my deposit', 'Kaution hinterlegen', 'Mijn borg storten', 'Versare la cauzione', 'Depositar mi fianza', 'Depositar a caução'],
  waiting: [
    'Votre demande de caution sera disponible ici quelques jours avant votre arrivée.',
    'Your deposit request will be available here a few days before your arrival.',
    'Ihre Kautionsanfrage steht hier einige Tage vor Ihrer Ankunft bereit.',
    'Uw borgaanvraag staat hier enkele dagen voor uw aankomst klaar.',
    'La sua richiesta di cauzione sarà disponibile qui qualche giorno prima del suo arrivo.',
    'Su solicitud de fianza estará disponible aquí unos días antes de su llegada.',
    'O seu pedido de caução estará disponível aqui alguns dias antes da sua chegada.',
  ],
  accepted: [
    'Votre caution est déposée. Merci !',
    'Your deposit is in place. Thank you!',
    'Ihre Kaution ist hinterlegt. Vielen Dank!',
    'Uw borg is gestort. Bedankt!',
    'La sua cauzione è stata versata. Grazie!',
    'Su fianza está depositada. ¡Gracias!',
    'A sua caução está depositada. Obrigado!',
  ],
  refused: [
    "La caution n'a pas été déposée. Adressez-vous à la réception.",
    'The deposit was not made. Please contact the reception.',
    'Die Kaution wurde nicht hinterlegt. Bitte wenden Sie sich an die Rezeption.',
    'De borg is niet gestort. Neem contact op met de receptie.',
    'La cauzione non è stata versata. Si rivolga alla reception.',
    'La fianza no se ha depositado. Diríjase a la recepción.',
    'A caução não foi depositada. Dirija-se à receção.',
  ],
  released: [
    'Votre caution a été libérée : rien ne vous sera débité. Merci et à bientôt !',
    'Your deposit has been released: nothing will be charged. Thank you and see you soon!',
    'Ihre Kaution wurde freigegeben: Es wird nichts abgebucht. Vielen Dank und bis bald!',
    'Uw borg is vrijgegeven: er wordt niets afgeschreven. Bedankt en tot ziens!',
    'La sua cauzione è stata sbloccata: non le verrà addebitato nulla. Grazie e a presto!',
    'Su fianza ha sido liberada: no se le cobrará nada. ¡Gracias y hasta pronto!',
    'A sua caução foi libertada: nada lhe será cobrado. Obrigado e até breve!',
  ],
  claimed: [
    "Une partie de votre caution a été retenue après l'inventaire de départ. Le rapport vous a été envoyé par e-mail.",
    'Part of your deposit was withheld after the departure inventory. The report was sent to you by e-mail.',
    'Ein Teil Ihrer Kaution wurde nach dem Abreiseinventar einbehalten. Der Bericht wurde Ihnen per E-Mail gesendet.',
    'Een deel van uw borg is ingehouden na de inventaris bij vertrek. Het rapport is u per e-mail gestuurd.',
    "Una parte della sua cauzione è stata trattenuta dopo l'inventario di partenza. Il rapporto le è stato inviato per e-mail.",
    'Se ha retenido parte de su fianza tras el inventario de salida. El informe se le ha enviado por correo electrónico.',
    'Parte da sua caução foi retida após o inventário de partida. O relatório foi-lhe enviado por e-mail.',
  ],
  none: [
    "Aucune caution n'est demandée pour votre séjour.",
    'No deposit is required for your stay.',
    'Für Ihren Aufenthalt ist keine Kaution erforderlich.',
    'Voor uw verblijf is geen borg nodig.',
    'Per il suo soggiorno non è richiesta alcuna cauzione.',
    'No se requiere fianza para su estancia.',
    'Não é pedida caução para a sua estadia.',
  ],
  signIn: [
    'Connectez-vous pour voir votre caution.',
    'Sign in to see your deposit.',
    'Melden Sie sich an, um Ihre Kaution zu sehen.',
    'Log in om uw borg te zien.',
    'Acceda per vedere la sua cauzione.',
    'Inicie sesión para ver su fianza.',
    'Inicie sessão para ver a sua caução.',
  ],
} as const;

export type DepositWord = keyof typeof WORDS;

export const dw = wordsOf(WORDS);

/** For tests: every word in every language. */
export const ALL_DEPOSIT_WORDS = WORDS;
