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
  // validation (002 §5)
  secretLength: 'La clé secrète doit faire 16 caractères',
  userIdLength: "L'user ID doit faire 32 caractères",
  amountMin: 'Le montant doit être un nombre positif ou nul', // ours
  daysRange: 'Le délai doit être un nombre de jours entre 0 et 60', // ours
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
} as const;
