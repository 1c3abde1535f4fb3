import { titleMax, titleRequired } from './core';

/**
 * The French sentences of the app's appearance: home modules, bottom menu, themes, logo and the files
 * screen. Module and menu sentences are the spec's (000 §5, §8); theme and files sentences are ours,
 * as the spec does not show them (listed in docs/appearance.md).
 */
export const APPEARANCE = {
  // home modules (000 §2.5, §5, §8)
  modulesEmpty: "Il n'y pas encore de modules affichés sur votre application.",
  moduleNameRequired: 'Le nom ne doit pas être vide',
  moduleNameMax: 'Le nom ne doit pas dépasser 50 caractères',
  moduleTypeRequired: 'Veuillez indiquer le type de module',
  moduleGroupRequired: 'Veuillez sélectionner une rubrique',
  modulePageRequired: 'Veuillez sélectionner une page',
  moduleListRequired: 'Veuillez sélectionner une liste',
  moduleTitleRequired: (lang: string) => titleRequired(lang),
  moduleTitleMax: (lang: string) => titleMax(40, lang),
  moduleSubtitleRequired: (lang: string) => `Vous devez indiquer le sous-titre (version ${lang.toUpperCase()})`,
  moduleSubtitleMax: (lang: string) => titleMax(40, lang, 'sous-titre'),
  moduleMissingTranslations: "Le module n'est pas traduite dans les langues suivantes :",
  modulesLoadFailed: 'Impossible de récupérer les modules',
  moduleCreateFailed: 'Impossible de créer un module',
  moduleUpdateFailed: 'Impossible de modifier un module',
  moduleDeleteFailed: 'Impossible de supprimer un module',
  modulesOrderFailed: 'Impossible de réordonner les modules',
  moduleCreated: 'Le module a bien été créé',
  moduleUpdated: 'Le module a bien été modifié',
  moduleDeleted: 'Le module a bien été supprimé',

  // bottom menu (000 §5, §8)
  menuTitleRequired: 'Veuillez indiquer le titre',
  menuTypeRequired: 'Veuillez indiquer le type',
  menuRubricRequired: 'Veuillez indiquer une rubrique',
  menuIconRequired: 'Veuillez sélectionner un icône',
  menuCreated: 'Le sous-menu à bien été créé',
  menuUpdated: 'Le sous-menu à bien été mis à jour',
  menuDeleted: 'Le sous-menu à bien été supprimé',
  // ours: a phone's bottom bar holds five entries at most, and their labels must stay short
  menuTitleTooLong: 'Le titre ne doit pas dépasser 20 caractères',
  menuTitleMax: (lang: string) => titleMax(20, lang),
  menuFull: 'Le menu ne peut pas contenir plus de 5 sous-menus',
  menuEmpty: "Il n'y a pas encore de sous-menu dans votre application.",
  menuMissingTranslations: "Le sous-menu n'est pas traduit dans les langues suivantes :",

  // themes (000 §2.8; the spec shows no message: these are ours)
  themeNameRequired: 'Veuillez indiquer le nom du thème',
  themeNameMax: 'Le nom du thème ne doit pas dépasser 50 caractères',
  themeNameTaken: 'Un thème porte déjà ce nom',
  themeColorRequired: (n: number) => `Veuillez indiquer la couleur ${n}`,
  themeColorInvalid: (n: number) => `La couleur ${n} doit compter 6 caractères hexadécimaux, sans # (ex : 1D4E89)`,
  themePickRequired: 'Veuillez sélectionner un thème',
  themeInUse: "Ce thème est celui de votre application : sélectionnez-en un autre avant de le supprimer.",
  themeCreated: 'Le thème a bien été créé',
  themeUpdated: 'Le thème a bien été mis à jour',
  themeDeleted: 'Le thème a bien été supprimé',
  themeSelected: 'Le thème a bien été appliqué à votre application',
  themeCreateFailed: 'Impossible de créer le thème',
  themeUpdateFailed: 'Impossible de mettre à jour le thème',
  themeDeleteFailed: 'Impossible de supprimer le thème',
  themeSelectFailed: 'Impossible de sélectionner le thème',

  // files screen /pdf (ours)
  filesEmpty: "Aucun fichier pour le moment. Ajoutez une image ou un PDF pour l'utiliser dans vos pages.",
  fileAdded: 'Le fichier a bien été ajouté',
  fileDeleted: 'Le fichier a bien été supprimé',
  fileAddFailed: "Impossible d'ajouter le fichier",
  fileDeleteFailed: 'Impossible de supprimer le fichier',
  linkCopied: 'Le lien a été copié',
} as const;
