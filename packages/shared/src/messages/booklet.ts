/**
 * The welcome booklet's sentences: icons (000 §5, §8), rubrics, categories, pages, sections and lists
 * (001 §5, §8). Where the spec gives only the pattern of a sentence (translation warnings, confirmations),
 * the sentence follows the pattern of the ones it gives.
 */
const up = (lang: string) => lang.toUpperCase();

export const BOOKLET = {
  // icons (000 §5, §8)
  iconNameRequired: 'Veuillez indiquer le nom',
  iconTypeRequired: 'Veuillez indiquer le type',
  iconThemeRequired: 'Veuillez indiquer le thème',
  iconImageRequired: 'Veuillez sélectionner un icône',
  iconAdded: 'Cet icône à été ajouté avec succès !',
  iconEdited: 'Cet icône à été édité avec succès !',
  iconDeleted: 'Cet icône à été supprimé',
  iconColorDeleted: 'Cette couleur à été supprimée',

  // shared titles (001 §5)
  textRequired: (lang: string) => `Vous devez indiquer le texte (version ${up(lang)})`,
  contentRequired: (lang: string) => `Vous devez insérer un contenu (version ${up(lang)})`,

  // rubric, category, sub-category, section (001 §5)
  rubricIconRequired: 'Veuillez choisir un icône',
  groupRequired: 'Veuillez sélectionner une rubrique',
  categoryTypeRequired: 'Veuillez sélectionner le type de catégorie',
  iconRequired: 'Vous devez choisir une icône',

  // page service button (001 §5)
  serviceOrLink: 'Vous devez sélectionner un service ou renseigner un lien externe',
  serviceXorLink: 'Vous devez choisir entre un service ou renseigner un lien externe',
  linkInvalid: "Le format du lien externe n'est pas correct",

  // translation warnings (001 §4, §5)
  rubricNotTranslated: "La rubrique n'est pas traduite dans les langues suivantes :",
  categoryNotTranslated: "La catégorie n'est pas traduite dans les langues suivantes :",
  sectionNotTranslated: "La section n'est pas traduite dans les langues suivantes :",
  subcategoryNotTranslated: "La sous-catégorie n'est pas traduite dans les langues suivantes :",
  serviceNotTranslated: "Le lien vers le service n'est pas traduite dans les langues suivantes :",

  // empty states (001 §2)
  noRubric: 'Pas de rubrique',
  noCategory: 'Pas de catégorie',
  noSection: 'Pas de section',
  noSubcategory: 'Pas de sous-catégorie',
  noIcon: "Pas d'icône",

  // answers (001 §7, §8)
  duplicatePageName: 'Une autre page du même nom existe déjà',

  // error actions (001 §8)
  fetchRubrics: 'Impossible de récupérer les rubriques',
  createRubric: 'Impossible de créer une rubrique',
  updateRubric: 'Impossible de modifier une rubrique',
  deleteRubric: 'Impossible de supprimer une rubrique',
  fetchIcons: 'Impossible de récupérer les icônes',
  fetchCategories: 'Impossible de récupérer les catégories',
  createPage: 'Impossible de créer une page',
  deletePage: 'Impossible de supprimer une page',
  createList: 'Impossible de créer une liste',
  deleteList: 'Impossible de supprimer une liste',
  createCategory: 'Impossible de créer une catégorie',
  updateCategory: 'Impossible de modifier une catégorie',
  deleteCategory: 'Impossible de supprimer une catégorie',
  duplicateCategory: 'Impossible de dupliquer une catégorie',
  orderCategory: 'Impossible de réordonner une catégorie',
  createSection: 'Impossible de créer une section',
  updateSection: 'Impossible de modifier une section',
  deleteSection: 'Impossible de supprimer une section',
  duplicateSection: 'Impossible de dupliquer une section',
  orderSection: 'Impossible de réordonner une section',
  addService: "Impossible d'ajouter un service",
  removeService: 'Impossible de supprimer un service',
  updateCover: 'Impossible de mettre à jour une photo de couverture',
  fetchPage: 'Impossible de récupérer la page',
  // the sub-category codes of 001 §8 (default_fetch_list … default_transform_element)
  fetchList: 'Impossible de récupérer la liste',
  createElement: 'Impossible de créer une sous-catégorie',
  updateElement: 'Impossible de modifier une sous-catégorie',
  orderElements: 'Impossible de réordonner les sous-catégories',
  deleteElement: 'Impossible de supprimer une sous-catégorie',
  transformElement: 'Impossible de transformer une sous-catégorie',

  // successes (001 §8)
  rubricCreated: 'La rubrique a bien été créée !',
  rubricUpdated: 'La rubrique a bien été mise à jour !',
  rubricDeleted: 'La rubrique a bien été supprimée !',
  categoryCreated: 'La catégorie a bien été créée',
  categoryUpdated: 'La catégorie a bien été mise à jour',
  categoryDeleted: 'La catégorie a bien été supprimée',
  categoryDuplicated: 'La catégorie a bien été dupliquée',
  subcategoryCreated: 'La sous-catégorie a bien été créée',
  subcategoryUpdated: 'La sous-catégorie a bien été mise à jour',
  subcategoryDeleted: 'La sous-catégorie a bien été supprimée',
  subcategoryTransformed: 'La sous-catégorie a été transformée en catégorie',
  coverUpdated: 'La photo de couverture à été mise à jour',
  sectionUpdated: 'La section a été mise à jour',
  sectionCreated: 'La section a bien été créée',
  sectionDeleted: 'La section a bien été supprimée',
  sectionDuplicated: 'La section a bien été dupliquée',
  serviceAdded: 'Le service a bien été ajouté dans la page',
  serviceRemoved: 'Le service a bien été retiré de la page',

  // confirmations (001 §8)
  confirmDeleteRubric: 'Supprimer cette rubrique supprime aussi toutes ses catégories et leur contenu. Cette action est irréversible.',
  confirmDeleteCategory: 'Supprimer cette catégorie supprime aussi tout son contenu. Cette action est irréversible.',
  confirmDeleteSubcategory: 'Supprimer cette sous-catégorie supprime aussi sa page. Cette action est irréversible.',
  confirmDuplicateCategory: 'Dupliquer cette catégorie duplique aussi tout son contenu.',
  confirmTransform: 'Transformer cette sous-catégorie en catégorie est irréversible.',
  confirmTypeChange: 'Changer le type de la catégorie supprime tout le contenu qui y est attaché.',
  confirmDeleteSection: 'Supprimer cette section ?',
  confirmDuplicateSection: 'Dupliquer cette section ?',
  confirmDeleteIcon: 'Supprimer cet icône ?',
  confirmDeleteColor: 'Supprimer cette couleur de l’icône ?',
  upsellServices: 'Mettez votre abonnement à niveau avec la formule premium pour accéder aux services !',
} as const;
