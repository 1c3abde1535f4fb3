import type { MailTexts } from '../catalog.types';

/**
 * The guest's deposit link (#lien, the provider's page). Slots: {amount} (in the mail's language), {from}
 * and {to} (the stay's days).
 */
export const DEPOSIT_MAIL: MailTexts = {
  fr: {
    subject: 'Votre caution pour votre séjour',
    body: "<p>Bonjour #prenom,</p><p>Pour votre séjour du {from} au {to}, nous vous demandons une caution de {amount} par l'intermédiaire de Swikly. Aucune somme n'est débitée : l'empreinte est libérée après votre départ si rien ne manque.</p><p><a href=\"#lien\">Déposer ma caution</a></p>",
  },
  en: {
    subject: 'Your deposit for your stay',
    body: '<p>Hello #prenom,</p><p>For your stay from {from} to {to}, we ask you for a deposit of {amount} through Swikly. Nothing is charged: the hold is released after your departure if nothing is missing.</p><p><a href="#lien">Leave my deposit</a></p>',
  },
  de: {
    subject: 'Ihre Kaution für Ihren Aufenthalt',
    body: '<p>Hallo #prenom,</p><p>Für Ihren Aufenthalt vom {from} bis {to} bitten wir Sie über Swikly um eine Kaution von {amount}. Es wird nichts abgebucht: Die Vormerkung wird nach Ihrer Abreise freigegeben, wenn nichts fehlt.</p><p><a href="#lien">Kaution hinterlegen</a></p>',
  },
  nl: {
    subject: 'Uw borg voor uw verblijf',
    body: '<p>Hallo #prenom,</p><p>Voor uw verblijf van {from} tot {to} vragen wij via Swikly een borg van {amount}. Er wordt niets afgeschreven: de reservering vervalt na uw vertrek als er niets ontbreekt.</p><p><a href="#lien">Mijn borg storten</a></p>',
  },
  it: {
    subject: 'La sua cauzione per il soggiorno',
    body: '<p>Buongiorno #prenom,</p><p>Per il suo soggiorno dal {from} al {to} le chiediamo una cauzione di {amount} tramite Swikly. Non viene addebitato nulla: la garanzia viene sbloccata dopo la partenza se non manca nulla.</p><p><a href="#lien">Versare la cauzione</a></p>',
  },
  es: {
    subject: 'Su fianza para su estancia',
    body: '<p>Hola #prenom,</p><p>Para su estancia del {from} al {to}, le pedimos una fianza de {amount} a través de Swikly. No se cobra nada: la retención se libera después de su salida si no falta nada.</p><p><a href="#lien">Depositar mi fianza</a></p>',
  },
  pt: {
    subject: 'A sua caução para a estadia',
    body: '<p>Olá #prenom,</p><p>Para a sua estadia de {from} a {to}, pedimos-lhe uma caução de {amount} através da Swikly. Nada é cobrado: a pré-autorização é libertada após a sua partida se nada faltar.</p><p><a href="#lien">Depositar a caução</a></p>',
  },
};
