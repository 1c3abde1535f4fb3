import type { MailTexts } from '../catalog.types';

/** The mail that carries the inventory report (the PDF attached). */
export const INVENTORY_REPORT_MAIL: MailTexts = {
  fr: {
    subject: "Votre rapport d'inventaire",
    body: "<p>Bonjour #prenom,</p><p>Vous trouverez en pièce jointe le rapport d'inventaire de votre hébergement : l'inventaire d'entrée, l'inventaire de sortie et, le cas échéant, les objets manquants et leur montant.</p><p>Pour toute question, répondez simplement à ce message.</p>",
  },
  en: {
    subject: 'Your inventory report',
    body: '<p>Hello #prenom,</p><p>Please find attached the inventory report of your accommodation: the arrival inventory, the departure inventory and, where there are any, the missing items and their amount.</p><p>If you have any question, simply reply to this message.</p>',
  },
  de: {
    subject: 'Ihr Inventarbericht',
    body: '<p>Hallo #prenom,</p><p>Im Anhang finden Sie den Inventarbericht Ihrer Unterkunft: das Inventar bei der Ankunft, das Inventar bei der Abreise und gegebenenfalls die fehlenden Gegenstände mit ihrem Betrag.</p><p>Bei Fragen antworten Sie einfach auf diese Nachricht.</p>',
  },
  nl: {
    subject: 'Uw inventarisrapport',
    body: '<p>Hallo #prenom,</p><p>In de bijlage vindt u het inventarisrapport van uw accommodatie: de inventaris bij aankomst, de inventaris bij vertrek en, indien van toepassing, de ontbrekende voorwerpen en hun bedrag.</p><p>Heeft u vragen? Beantwoord dan gewoon dit bericht.</p>',
  },
  it: {
    subject: 'Il suo rapporto di inventario',
    body: "<p>Buongiorno #prenom,</p><p>In allegato trova il rapporto di inventario del suo alloggio: l'inventario all'arrivo, l'inventario alla partenza e, se presenti, gli oggetti mancanti con il loro importo.</p><p>Per qualsiasi domanda, risponda semplicemente a questo messaggio.</p>",
  },
  es: {
    subject: 'Su informe de inventario',
    body: '<p>Hola #prenom:</p><p>Adjuntamos el informe de inventario de su alojamiento: el inventario de llegada, el inventario de salida y, en su caso, los objetos que faltan y su importe.</p><p>Si tiene alguna pregunta, responda simplemente a este mensaje.</p>',
  },
  pt: {
    subject: 'O seu relatório de inventário',
    body: '<p>Olá #prenom,</p><p>Em anexo encontra o relatório de inventário do seu alojamento: o inventário de chegada, o inventário de saída e, se for o caso, os objetos em falta e o respetivo montante.</p><p>Para qualquer questão, responda simplesmente a esta mensagem.</p>',
  },
};
