import type { Lang } from '@campsite/shared/i18n/languages';

/** The app's own words (not the establishment's content), in the seven languages. */
const WORDS = {
  home: ['Accueil', 'Home', 'Startseite', 'Home', 'Home', 'Inicio', 'Início'],
  account: ['Mon compte', 'My account', 'Mein Konto', 'Mijn account', 'Il mio account', 'Mi cuenta', 'A minha conta'],
  activities: ['Activités', 'Activities', 'Aktivitäten', 'Activiteiten', 'Attività', 'Actividades', 'Atividades'],
  programme: ['Tout le programme', 'Full programme', 'Ganzes Programm', 'Volledig programma', 'Tutto il programma', 'Todo el programa', 'Todo o programa'],
  today: ["Aujourd'hui", 'Today', 'Heute', 'Vandaag', 'Oggi', 'Hoy', 'Hoje'],
  tomorrow: ['Demain', 'Tomorrow', 'Morgen', 'Morgen', 'Domani', 'Mañana', 'Amanhã'],
  upcoming: ['À venir', 'Coming up', 'Demnächst', 'Binnenkort', 'In arrivo', 'Próximamente', 'Em breve'],
  highlight: ['À ne pas manquer', "Don't miss", 'Nicht verpassen', 'Niet missen', 'Da non perdere', 'No te lo pierdas', 'Não perca'],
  allCategories: ['Toutes', 'All', 'Alle', 'Alle', 'Tutte', 'Todas', 'Todas'],
  filter: ['Filtrer par catégorie', 'Filter by category', 'Nach Kategorie filtern', 'Filteren op categorie', 'Filtra per categoria', 'Filtrar por categoría', 'Filtrar por categoria'],
  noActivities: ["Pas d'activité prévue pour le moment.", 'No activities planned for now.', 'Derzeit sind keine Aktivitäten geplant.', 'Er zijn nu geen activiteiten gepland.', 'Nessuna attività in programma per ora.', 'No hay actividades previstas por ahora.', 'Não há atividades previstas por agora.'],
  noActivitiesToday: ["Pas d'activité aujourd'hui.", 'No activities today.', 'Heute keine Aktivitäten.', 'Vandaag geen activiteiten.', 'Nessuna attività oggi.', 'Hoy no hay actividades.', 'Sem atividades hoje.'],
  nextDates: ['Prochaines dates', 'Next dates', 'Nächste Termine', 'Volgende data', 'Prossime date', 'Próximas fechas', 'Próximas datas'],
  more: ['Afficher plus', 'Show more', 'Mehr anzeigen', 'Meer tonen', 'Mostra altro', 'Ver más', 'Ver mais'],
  back: ['Retour', 'Back', 'Zurück', 'Terug', 'Indietro', 'Volver', 'Voltar'],
  language: ['Langue', 'Language', 'Sprache', 'Taal', 'Lingua', 'Idioma', 'Idioma'],
  menu: ['Menu principal', 'Main menu', 'Hauptmenü', 'Hoofdmenu', 'Menu principale', 'Menú principal', 'Menu principal'],
  offline: [
    'Hors connexion : vous consultez la dernière version enregistrée.',
    "You're offline: showing the last saved version.",
    'Offline: Sie sehen die zuletzt gespeicherte Version.',
    'Offline: u ziet de laatst opgeslagen versie.',
    "Sei offline: stai vedendo l'ultima versione salvata.",
    'Sin conexión: ves la última versión guardada.',
    'Sem ligação: está a ver a última versão guardada.',
  ],
  unavailable: [
    'Contenu indisponible hors connexion. Réessayez une fois connecté.',
    'Not available offline. Try again once connected.',
    'Offline nicht verfügbar. Versuchen Sie es mit Verbindung erneut.',
    'Niet offline beschikbaar. Probeer opnieuw met verbinding.',
    'Non disponibile offline. Riprova quando sei connesso.',
    'No disponible sin conexión. Inténtalo de nuevo con conexión.',
    'Indisponível sem ligação. Tente novamente quando tiver ligação.',
  ],
  error: ["Une erreur s'est produite.", 'Something went wrong.', 'Etwas ist schiefgelaufen.', 'Er ging iets mis.', 'Qualcosa è andato storto.', 'Algo salió mal.', 'Algo correu mal.'],
  retry: ['Réessayer', 'Try again', 'Erneut versuchen', 'Opnieuw proberen', 'Riprova', 'Reintentar', 'Tentar novamente'],
  notFound: ["Cette page n'existe plus.", 'This page no longer exists.', 'Diese Seite existiert nicht mehr.', 'Deze pagina bestaat niet meer.', 'Questa pagina non esiste più.', 'Esta página ya no existe.', 'Esta página já não existe.'],
  loading: ['Chargement…', 'Loading…', 'Wird geladen…', 'Laden…', 'Caricamento…', 'Cargando…', 'A carregar…'],
  empty: ['Rien ici pour le moment.', 'Nothing here yet.', 'Hier ist noch nichts.', 'Hier staat nog niets.', 'Ancora niente qui.', 'Aún no hay nada aquí.', 'Ainda não há nada aqui.'],
  call: ['Appeler', 'Call', 'Anrufen', 'Bellen', 'Chiama', 'Llamar', 'Ligar'],
  email: ['E-mail', 'E-mail', 'E-Mail', 'E-mail', 'E-mail', 'Correo', 'E-mail'],
  website: ['Site web', 'Website', 'Website', 'Website', 'Sito web', 'Sitio web', 'Site'],
  map: ['Itinéraire', 'Directions', 'Route', 'Route', 'Indicazioni', 'Cómo llegar', 'Direções'],
  facebook: ['Facebook', 'Facebook', 'Facebook', 'Facebook', 'Facebook', 'Facebook', 'Facebook'],
  instagram: ['Instagram', 'Instagram', 'Instagram', 'Instagram', 'Instagram', 'Instagram', 'Instagram'],
  newWindow: ['(nouvelle fenêtre)', '(new window)', '(neues Fenster)', '(nieuw venster)', '(nuova finestra)', '(nueva ventana)', '(nova janela)'],
  pushTitle: ['Restez informé', 'Stay informed', 'Bleiben Sie informiert', 'Blijf op de hoogte', 'Resta informato', 'Mantente informado', 'Mantenha-se informado'],
  pushText: [
    "Recevez les nouvelles du camping sur ce téléphone : activités, météo, informations pratiques.",
    'Get the campsite\'s news on this phone: activities, weather, practical information.',
    'Erhalten Sie die Neuigkeiten des Campingplatzes auf diesem Telefon: Aktivitäten, Wetter, praktische Infos.',
    'Ontvang het nieuws van de camping op deze telefoon: activiteiten, weer, praktische informatie.',
    'Ricevi le novità del campeggio su questo telefono: attività, meteo, informazioni pratiche.',
    'Recibe las novedades del camping en este teléfono: actividades, tiempo, información práctica.',
    'Receba as novidades do parque neste telemóvel: atividades, meteorologia, informações práticas.',
  ],
  pushEnable: ['Activer les notifications', 'Turn on notifications', 'Mitteilungen aktivieren', 'Meldingen inschakelen', 'Attiva le notifiche', 'Activar las notificaciones', 'Ativar as notificações'],
  pushLater: ['Plus tard', 'Later', 'Später', 'Later', 'Più tardi', 'Más tarde', 'Mais tarde'],
  pushOn: ['Notifications activées sur ce téléphone.', 'Notifications are on for this phone.', 'Mitteilungen sind auf diesem Telefon aktiviert.', 'Meldingen staan aan op deze telefoon.', 'Notifiche attivate su questo telefono.', 'Notificaciones activadas en este teléfono.', 'Notificações ativadas neste telemóvel.'],
  pushDenied: [
    'Les notifications sont bloquées pour cette application dans les réglages de votre navigateur.',
    'Notifications are blocked for this app in your browser settings.',
    'Mitteilungen sind für diese App in den Browser-Einstellungen blockiert.',
    'Meldingen zijn voor deze app geblokkeerd in uw browserinstellingen.',
    'Le notifiche sono bloccate per questa app nelle impostazioni del browser.',
    'Las notificaciones están bloqueadas para esta aplicación en los ajustes del navegador.',
    'As notificações estão bloqueadas para esta aplicação nas definições do navegador.',
  ],
  pushIos: [
    "Sur iPhone, ajoutez d'abord l'application à l'écran d'accueil (bouton Partager, puis « Sur l'écran d'accueil ») et ouvrez-la depuis son icône pour recevoir les notifications.",
    'On iPhone, first add the app to your Home Screen (Share button, then "Add to Home Screen") and open it from its icon to receive notifications.',
    'Auf dem iPhone fügen Sie die App zuerst zum Home-Bildschirm hinzu (Teilen, dann „Zum Home-Bildschirm“) und öffnen sie über ihr Symbol, um Mitteilungen zu erhalten.',
    'Op de iPhone voegt u de app eerst toe aan het beginscherm (Deel-knop, dan "Zet op beginscherm") en opent u hem via het icoon om meldingen te ontvangen.',
    'Su iPhone, aggiungi prima l\'app alla schermata Home (pulsante Condividi, poi "Aggiungi alla schermata Home") e aprila dalla sua icona per ricevere le notifiche.',
    'En iPhone, añade primero la aplicación a la pantalla de inicio (botón Compartir y luego «Añadir a pantalla de inicio») y ábrela desde su icono para recibir notificaciones.',
    'No iPhone, adicione primeiro a aplicação ao ecrã principal (botão Partilhar e depois «Adicionar ao ecrã principal») e abra-a pelo seu ícone para receber notificações.',
  ],
} as const;

export type Word = keyof typeof WORDS;
const ORDER: Lang[] = ['fr', 'en', 'de', 'nl', 'it', 'es', 'pt'];

export function word(lang: Lang, key: Word): string {
  return WORDS[key][ORDER.indexOf(lang)] ?? WORDS[key][1];
}

/** For tests: every word in every language. */
export const ALL_WORDS = WORDS;
