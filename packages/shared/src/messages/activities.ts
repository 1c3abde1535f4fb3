/**
 * Activities (001 §2, §5, §7, §8): animations, their categories and their calendar. Where the spec gives a
 * sentence it is quoted; the few it does not give (marked "ours") follow the spec's wording.
 */
export const ACTIVITIES = {
  // screens
  animationsTitle: 'Vos activités',
  animationsEmpty: "Pas d'animation paramétrée",
  categoriesTitle: "Catégories d'activité",
  categoriesEmpty: "Pas de catégories d'activités paramétrées",
  calendarTitle: 'Planning',
  addDatesCrumb: 'Ajouter des dates',

  // successes (001 §8)
  animationCreated: "L'animation a bien été créée",
  animationUpdated: "L'animation a bien été éditée",
  animationDeleted: "L'animation a bien été supprimée",
  datesAdded: 'Les dates ont bien été ajoutées',
  dateDeleted: 'La date à été supprimée',
  categoryCreated: 'La catégorie a bien été créée',
  categoryUpdated: 'La catégorie a bien été modifiée',
  categoryDeleted: 'La catégorie a bien été supprimée',

  // validation (001 §5)
  colorRequired: 'Veuillez indiquer la couleur',
  colorInvalid: 'Veuillez indiquer un code couleur valide',
  categoryRequired: 'Veuillez sélectionner une catégorie',
  contentRequired: (lang: string) => `Veuillez insérer un contenu (version ${lang.toUpperCase()})`,
  coverRequired: 'Veuillez insérer une photo de couverture',
  /** 001 §7: an oversized cover asks to reduce the image and lists compression sites (wording ours) */
  coverTooLarge:
    "L'image est trop lourde (5 Mo maximum). Veuillez réduire sa taille, par exemple avec https://tinypng.com, https://compressjpeg.com ou https://squoosh.app",

  // errors (001 §8)
  animationSaveFailed: 'Impossible de mettre à jour une animation',
  animationsFetchFailed: 'Impossible de récupérer les animations',
  servicesFetchFailed: 'Impossible de récupérer les services',
  /** ours: the spec names no delete failure for activities */
  animationDeleteFailed: 'Impossible de supprimer une animation',
  calendarError: "Une erreur s'est produite",
  /** ours: the spec names no failures for activity categories */
  categoriesFetchFailed: "Impossible de récupérer les catégories d'activité",
  categorySaveFailed: "Impossible d'enregistrer une catégorie d'activité",
  categoryDeleteFailed: "Impossible de supprimer une catégorie d'activité",
  /** ours: a category still holding activities is kept, so that no activity loses its category */
  categoryInUse: "Cette catégorie contient encore des activités : changez-leur de catégorie avant de la supprimer",

  // missing translations (001 §4; intros ours, on the model of 000 §5)
  animationUntranslated: "L'animation n'est pas traduite dans les langues suivantes :",
  categoryUntranslated: "La catégorie n'est pas traduite dans les langues suivantes :",

  // service benefit link (001 §6: premium only)
  benefitPremiumOnly: 'Le lien vers une prestation est réservé à la formule premium.',
  benefitNoneYet: 'Aucune prestation disponible pour le moment.',
} as const;
