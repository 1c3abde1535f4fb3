/**
 * Inventories and accommodation types (002 §2, §4, §5, §8; issue 23). Where the spec gives a sentence it is
 * quoted (its spelling kept); the ones it does not give are marked "ours" and follow its wording.
 */
const v = (lang: string) => `(version ${lang.toUpperCase()})`;

export const INVENTORIES = {
  // screens (002 §2)
  // the menu's words and the screens' titles agree (issue 32; docs/inventories.md 'Names'): 000's menu
  // entry for the accommodation types (002 calls the screen 'Mes inventaires'), 002's for the stays' inventories
  // (000's menu said 'Inventaires' under 'Inventaires')
  accommodationsTitle: 'Mes hébergements',
  clientInventoriesTitle: 'Inventaires clients',
  setupIntro: 'Créez votre inventaire pour cet hébergement.',
  newCategory: 'Nouvelle catégorie',
  emptyCategories: 'Commencez par créer une catégorie',
  categoryModal: "Catégorie d'inventaire",
  categoryPlaceholder: 'ex: Vaisselle',
  supplies: 'Fournitures :',
  roomStates: 'État des lieux :',
  newRoomState: 'Nouvel état des lieux',
  newSupply: 'Nouvelle fourniture',
  deleteCategoryTitle: 'Supprimer un thème',
  deleteCategory: 'Vous allez supprimer ce thème tous les objets qui y sont associés',
  deleteAccommodation: "Vous allez supprimer cet hébergement et son inventaire. Cette action est irréversible.", // ours (the spec gives its sense)
  makeInventory: 'Faire un inventaire',
  emptyInventories: "Pas d'inventaire réalisé pour le moment.",
  emptyInventoriesHint: 'Utilisez le bouton « Faire un inventaire » pour commencer.', // ours
  stayNumberPlaceholder: 'Exemple: 2390',
  search: 'Rechercher',
  filterPlaceholder: 'Sélectionnez un filtre',
  arrivalInventories: "Inventaires d'entrée",
  departureInventories: 'Inventaires de sortie',
  arrivalTab: "Inventaire d'entrée",
  departureTab: 'Inventaire de sortie',
  reported: (n: number) => `${n} éléments remontés`,
  doneBy: 'Réalisé par',
  // ours (issue 32): today's arrivals whose arrival inventory is still to do
  arrivalsToday: (n: number) => (n === 1 ? "1 arrivée aujourd'hui : inventaire d'entrée à faire" : `${n} arrivées aujourd'hui : inventaires d'entrée à faire`),
  // ours (issue 32): a stay opened before its departure inventory is due
  departureNotDue: (from: string) => `L'inventaire de sortie est à faire à partir du ${from} : activez le mode édition pour le remplir avant.`,
  editedBy: 'Modifié par',
  commentsSpace: 'Espace commentaire',
  commentVisible: 'Votre commentaire sera visible par le client.',
  upsell: 'Mettez votre abonnement à niveau avec la formule premium pour accéder aux inventaires !',
  upsellButton: 'En savoir plus !',

  // validation (002 §5)
  accommodationNameRequired: "Saisissez le nom de l'hébergement",
  accommodationNameMax: "Le nom de l'hébergement ne doit pas dépasser 50 caractères", // ours (the limit is the spec's)
  accommodationCategoryTaken: (name: string) => `Cette catégorie de séjour est déjà liée à l'hébergement « ${name} »`, // ours
  introMax: (lang: string) => `Le texte ne doit pas dépasser 1200 caractères ${v(lang)}`, // ours (the limit is the spec's)
  delayMin: 'Indiquez un délai supérieur à zéro',
  delayMax: 'Le délai ne peut pas dépasser 8760 heures (un an)', // ours
  categoryRequired: (lang: string) => `Vous devez indiquer la catégorie ${v(lang)}`,
  nameMax: (lang: string) => `Le nom ne doit pas dépasser 50 caractères ${v(lang)}`,
  objectNameRequired: (lang: string) => `Vous devez indiquer le nom de l'objet ${v(lang)}`,
  quantityRequired: 'La quantité est obligatoire',
  quantityPositive: 'La quantité doit être un entier positif',
  pricePositive: 'Le prix doit être une valeur positive',
  categoryNotTranslated: 'Le nom de la catégorie n\'est pas traduit dans les langues suivantes : ',
  objectsNotTranslated: "Le nom de certains objets n'ont pas été traduits dans les langues suivantes : ",
  formError: 'Il y a une ou plusieurs erreur(s) dans le formulaire',
  countRequired: "Indiquez le nombre d'objets présents",
  countInvalid: "Le nombre d'objets doit être un entier positif ou nul", // ours
  ratingInvalid: 'La note doit être comprise entre 0 et 5', // ours
  fileFormat: "Ce format de fichier n'est pas pris en charge",
  commentRequired: 'Veuillez écrire un commentaire', // ours
  commentMax: 'Le commentaire ne doit pas dépasser 2000 caractères', // ours
  unknownItem: "Cet objet ne fait pas partie de l'inventaire", // ours
  typeRequired: "Indiquez s'il s'agit de l'inventaire d'entrée ou de sortie", // ours
  stayNumberRequired: 'Indiquez un numéro de séjour', // ours

  // refusals (ours, unless marked)
  stayNotFound: "Nous n'avons pas trouvé le numéro de séjour indiqué.",
  stayNotFoundHint: "Le numéro de séjour est peut-être erroné, ou le séjour n'est pas encore importé.", // ours (the spec gives its sense)
  noSetup: "Il n'y a pas d'inventaire paramétré pour ce type d'hébergement",
  directionClosed: "Cet inventaire n'est pas ouvert au remplissage", // ours
  staffMayNotFill: "Les paramètres d'inventaires ne permettent pas à l'établissement de remplir cet inventaire", // ours
  guestMayNotFill: "Cet inventaire n'est pas à remplir depuis l'application", // ours
  windowClosed: "Le délai pour remplir cet inventaire est dépassé", // ours
  windowNotOpen: "Cet inventaire n'est pas encore ouvert", // ours
  alreadyConfirmed: "Cet inventaire est déjà confirmé : il ne peut plus être modifié depuis l'application", // ours
  noArrival: "Il n'y a pas encore d'inventaire d'entrée à confirmer", // ours
  notCompleted: "Comptez tous les objets avant de confirmer l'inventaire", // ours
  noGuestEmail: "Ce client n'a pas d'adresse e-mail", // ours
  tooManyPictures: 'Cet inventaire a déjà 30 photos', // ours
  tooManyComments: 'Cet inventaire a déjà 100 commentaires', // ours
  pdfTooManyMails: "Le rapport a déjà été envoyé à ce client il y a moins d'une minute. Réessayez plus tard.", // ours

  // answers (002 §8)
  cannotReadAccommodations: "Impossible de récupérer les catégories d'hébergement",
  cannotReadConfig: "Impossible de récupérer les paramètres d'inventaires",
  cannotCreateAccommodation: "Impossible de créer une catégorie d'hébergement",
  cannotDuplicateAccommodation: "Impossible de dupliquer une catégorie d'hébergement",
  cannotUpdateAccommodation: "Impossible de modifier une catégorie d'hébergement",
  cannotDeleteAccommodation: "Impossible de supprimer une catégorie d'hébergement",
  cannotUpdateConfig: "Impossible de mettre à jour les paramètres d'inventaires",
  cannotReadAccommodation: "Impossible de récupérer l'hébergement",
  cannotCreateInventory: 'Impossible de créer un inventaire',
  cannotUpdateInventory: "Impossible de mettre à jour l'inventaire",
  cannotDeleteInventory: 'Impossible de supprimer un inventaire',
  accommodationCreated: 'Nouvel hébergement créé !',
  accommodationDuplicated: (source: string) => `L'hébergement « ${source} » a bien été dupliqué !`, // ours (the spec names it only)
  accommodationUpdated: "L'hébergement a bien été mis à jour !",
  accommodationDeleted: 'Hébergement supprimé !',
  configUpdated: 'Les paramètres ont bien été mis à jour',
  categoryRenamed: 'Le nom de la catégorie a bien été mis à jour !',
  categoryCreated: "Nouvelle catégorie d'inventaire ajoutée !",
  inventoryUpdated: "L'inventaire a bien été mis à jour",
  categoryDeleted: "Catégorie d'inventaire supprimée !",
  reportSent: "Le rapport d'inventaire a été envoyé au client.", // ours

  // the status words (002 §3: colours; the words are ours)
  status: {
    uncompleted: 'Non terminé',
    completed: 'Conforme',
    warning: 'Écarts signalés',
    infos: 'À noter',
    error: 'Manquants',
  },
} as const;

