/**
 * Deposits through Swikly (002 §2 'Deposit settings', 'Deposits list', §4, §5, §8; issue 25). Where the spec
 * gives a sentence it is quoted (its spelling kept); the ones it does not give are marked "ours".
 */
export const DEPOSITS = {
  // screens (002 §2)
  settingsTitle: 'Paramétrer les cautions',
  listTitle: 'Gérer mes cautions',
  crumb: 'Cautions',
  detailTitle: 'Informations sur la caution',
  empty: 'Pas de cautions pour le moment',
  upsell: 'Mettez votre abonnement à niveau avec la formule premium pour accéder aux cautions SWIKLY !',
  settingsUpdated: 'Les paramètres ont bien été mis à jour',
  accommodationUpdated: "L'hébergement a bien été mis à jour !",
  // status display (002 §4)
  statusOk: 'Validé',
  statusNone: 'Non déposé',
  deposited: 'Déposées', // ours: the two boxes of §4
  notDeposited: 'Non déposées', // ours
  // ours (issue 32): the stays that ask a deposit and have none (left out by 'À partir de maintenant seulement',
  // arrived before deposits were switched on…), which staff may ask from the list
  requestsView: 'Demandes de caution',
  unaskedView: 'Non demandées',
  unaskedHelp:
    'Séjours en cours ou arrivant dans le délai de demande, dont l’hébergement demande une caution, sans demande envoyée : laissés de côté par « À partir de maintenant seulement », arrivés avant la mise en service des cautions… Ils ne seront pas demandés automatiquement.',
  unaskedEmpty: 'Aucun séjour sans demande de caution',
  // validation (002 §5)
  secretLength: 'La clé secrète doit faire 16 caractères',
  userIdLength: "L'user ID doit faire 32 caractères",
  amountMin: 'Le montant doit être un nombre positif ou nul', // ours
  daysRange: 'Le délai doit être un nombre de jours entre 1 et 60', // ours (a guest is arrived on the arrival day: 0 would ask nobody)
  // errors (002 §8)
  readAccommodations: 'Impossible de récupérer les hébergements',
  readConfig: 'Impossible de récupérer les paramètres des cautions',
  updateAccommodation: 'Impossible de modifier mettre à jour cet hébergement',
  updateConfig: 'Impossible de mettre à jour les paramètres de cautions',
  readDeposits: 'Impossible de récupérer les cautions',
  // release and claim after the departure inventory (ours)
  release: 'Libérer la caution',
  claim: (amount: string) => `Réclamer ${amount} sur la caution`,
  releaseQuestion: "La caution sera libérée : le client ne pourra plus être débité. Cette action est irréversible.",
  claimQuestion: (amount: string) => `${amount} seront réclamés sur la caution, avec le rapport d'inventaire en pièce jointe. Cette action est irréversible.`,
  released: 'La caution a bien été libérée',
  claimed: 'La réclamation a bien été envoyée',
  releaseFailed: 'Impossible de libérer la caution',
  claimFailed: 'Impossible de réclamer la caution',
  notAccepted: "La caution n'a pas été déposée par le client : il n'y a rien à libérer ni à réclamer.",
  alreadySettled: 'Cette caution a déjà été libérée ou réclamée.',
  noDifference: "L'inventaire de sortie ne relève aucun manque : rien à réclamer.",
  // a release while something is missing, a claim of another amount (issue 32, ours)
  itemsMissing: (count: number) =>
    `L'inventaire de sortie relève ${count === 1 ? 'un objet manquant' : `${count} objets manquants`} : réclamez-les ou corrigez l'inventaire avant de libérer la caution.`,
  departureMissing: (lines: string) => `L'inventaire de sortie relève des manquants : ${lines}.`,
  claimAmount: 'Montant réclamé (€)',
  claimAmountInvalid: 'Le montant réclamé doit être un nombre positif, au centime près',
  claimAmountNeeded: "Les objets manquants n'ont pas de prix : indiquez le montant à réclamer et la raison.",
  claimOverDeposit: (deposit: string) => `Le montant réclamé ne peut pas dépasser la caution (${deposit}).`,
  claimReason: 'Raison',
  claimReasonNeeded: (amount: string) => `Indiquez la raison d'un montant autre que la différence chiffrée (${amount}).`,
  claimReasonLength: 'La raison fait au plus 500 caractères',
  claimTitle: 'Réclamer sur la caution',
  claimHelp: (amount: string) => `La différence chiffrée est de ${amount}. Un autre montant (une partie, ou des objets sans prix) demande une raison, transmise à Swikly avec le rapport.`,
  providerDown: 'Swikly ne répond pas pour le moment : réessayez dans quelques minutes.',
  providerRefused: (reason: string) => `Swikly a refusé la demande : ${reason}`,
  notConfigured: "Les cautions ne sont pas activées : renseignez d'abord les paramètres Swikly.",
  // a release or claim is an intent finished by a job (issue 29, ours)
  releaseRecorded: 'La libération est enregistrée : elle est transmise à Swikly.',
  claimRecorded: 'La réclamation est enregistrée : elle est transmise à Swikly avec le rapport.',
  releasePending: 'Libération de la caution en cours auprès de Swikly…',
  claimPending: (amount: string) => `Réclamation de ${amount} en cours auprès de Swikly…`,
  pendingNote: "Swikly n'a pas encore répondu : la demande est renvoyée jusqu'à sa réponse, une seule fois.",
  pendingStatus: 'En cours auprès de Swikly',
  settleFailed: (reason: string) => `La dernière libération ou réclamation n'a pas abouti : ${reason}`,
  providerState: (status: string) => `la demande est « ${status} » chez Swikly, plus « acceptée ».`,
  // issue 32: what switching on or widening asks now, and the detail's actions (ours)
  askedNowTitle: 'Demandes de caution envoyées dès maintenant',
  askedNow: (n: number, until: string) =>
    n === 1
      ? `1 client arrivant d'ici le ${until} recevra la demande de caution dès l'enregistrement.`
      : `${n} clients arrivant d'ici le ${until} recevront la demande de caution dès l'enregistrement.`,
  askedNowNote: 'Les clients déjà arrivés ne reçoivent jamais de demande automatique.',
  askAllNow: 'Envoyer les demandes maintenant',
  fromNowOnly: 'À partir de maintenant seulement',
  fromNowSaved: 'Les paramètres ont bien été mis à jour : seuls les nouveaux séjours recevront la demande.',
  arrivedBeforeRequest: "Le client était déjà arrivé : la demande n'a pas été envoyée automatiquement.",
  noEmail: 'Pas d’adresse e-mail pour ce client',
  resend: 'Renvoyer le lien',
  resent: 'Le lien de dépôt a bien été renvoyé au client',
  resendFailed: 'Impossible de renvoyer le lien',
  cannotResend: "Cette caution n'attend pas de dépôt : il n'y a pas de lien à renvoyer.",
  cancel: 'Annuler la demande',
  cancelQuestion: "La demande de caution sera annulée chez Swikly : le lien envoyé au client ne fonctionnera plus.",
  cancelled: 'La demande de caution a bien été annulée',
  cancelFailed: "Impossible d'annuler la demande",
  cannotCancel: 'Seule une demande à laquelle le client n’a pas répondu peut être annulée.',
  statusCancelled: 'Annulée',
  requestNow: 'Demander maintenant',
  requested: 'La demande de caution est envoyée au client',
  requestFailed: "Impossible d'envoyer la demande",
  cannotRequest: 'Une demande est déjà envoyée ou en cours d’envoi pour ce séjour.',
  alreadyDeposited: 'Le client a déjà déposé cette caution.',
  stayOver: 'Ce séjour est terminé : aucune demande ne peut être envoyée.',
  noDepositAsked: "Aucune caution n'est demandée pour l'hébergement de ce séjour.", // ours (issue 33)
  noEmailFix: "Pas d'adresse e-mail pour ce client : renseignez-la dans sa fiche, puis demandez à nouveau.",
} as const;
