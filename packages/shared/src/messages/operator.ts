// The operator console of a multi-site installation (issue 35, docs/multisite.md): the spec is silent,
// every sentence is ours.
export const OPERATOR = {
  title: 'Console de l’exploitant',
  hostInvalid: "Veuillez indiquer un nom d'hôte valide (lettres, chiffres, tirets et points, sans port ni « http:// »)",
  hostRequired: "Veuillez indiquer un nom d'hôte",
  databaseUrlInvalid: "L'adresse de la base doit commencer par postgres:// ou postgresql://",
  planInvalid: 'Formule inconnue : essentiel ou premium.',
  hostIsConsole: "Ce nom d'hôte est celui de la console de l'exploitant.",
  unknownSite: "Ce site n'existe pas.",
  creating: 'Création de la base, de ses tables et de son compte administrateur : cela prend quelques secondes…',
  siteCreated: 'Le site a été créé. Notez le mot de passe de son administrateur : il ne sera plus affiché.',
  planSet: (host: string, plan: string) => `${host} : formule ${plan} enregistrée.`,
  suspended: (host: string) => `${host} est suspendu : ses adresses répondent « momentanément indisponible ».`,
  resumed: (host: string) => `${host} est de nouveau servi.`,
  databaseSilent: 'Sa base ne répond pas',
  upsellWhatRequired: "Veuillez indiquer l'écran de la demande",
  noUpsell: 'Aucune demande pour le moment.',
  /** the campsite's administrator screen in multi-site mode, under its plan shown read-only */
  planByOperator: 'Votre formule est gérée par votre prestataire.',
} as const;
