import { sharp } from '../lib/images';
import type { ScheduleForm, Weekday } from '@campsite/shared';
import { LANGS, WEEKDAYS, epochToZoned, generateScheduleDates, type Lang } from '@campsite/shared';
import { newId } from '../lib/ids';
import { insertCategory } from '../modules/animation-categories/animation-categories.repository';
import { insertDates } from '../modules/animation-dates/animation-dates.repository';
import { insertAnimation } from '../modules/animations/animations.repository';
import { storeImage } from '../platform/files/files.service';
import type { SeedContext } from './context';

type Shape = 'waves' | 'sun' | 'stars' | 'hills' | 'notes' | 'ball' | 'lantern';

const CATEGORIES = {
  sport: { color: '2A9D8F', name: { fr: 'Sport et bien-être', en: 'Sport and wellness', de: 'Sport und Wellness', nl: 'Sport en wellness', it: 'Sport e benessere', es: 'Deporte y bienestar', pt: 'Desporto e bem-estar' } },
  kids: { color: 'F4A261', name: { fr: 'Enfants', en: 'Kids', de: 'Kinder', nl: 'Kinderen', it: 'Bambini', es: 'Niños', pt: 'Crianças' } },
  evening: { color: '8338EC', name: { fr: 'Soirées', en: 'Evenings', de: 'Abendprogramm', nl: 'Avondprogramma', it: 'Serate', es: 'Veladas', pt: 'Noites' } },
  nature: { color: '52B788', name: { fr: 'Nature et découverte', en: 'Nature and discovery', de: 'Natur und Entdeckung', nl: 'Natuur en ontdekking', it: 'Natura e scoperta', es: 'Naturaleza y descubrimiento', pt: 'Natureza e descoberta' } },
  market: { color: 'E76F51', name: { fr: 'Marchés et terroir', en: 'Markets and local produce', de: 'Märkte und Regionales', nl: 'Markten en streekproducten', it: 'Mercati e prodotti tipici', es: 'Mercados y productos locales', pt: 'Mercados e produtos regionais' } },
} as const satisfies Record<string, { color: string; name: Record<Lang, string> }>;

interface Demo {
  category: keyof typeof CATEGORIES;
  /** name and description in each language */
  text: Record<Lang, [string, string]>;
  days: Weekday[];
  from: string;
  to: string;
  front?: boolean;
  shape?: Shape;
}

const ACTIVITIES: Demo[] = [
  {
    category: 'sport',
    text: {
      fr: ['Aquagym', 'Une séance tonique en musique dans le grand bassin, encadrée par notre animateur. <strong>Bonnet conseillé.</strong>'],
      en: ['Aqua aerobics', 'An upbeat session to music in the main pool, led by our host. <strong>Swim cap advised.</strong>'],
      de: ['Aquafitness', 'Schwungvolles Training mit Musik im großen Becken, angeleitet von unserem Animateur. <strong>Badekappe empfohlen.</strong>'],
      nl: ['Aquagym', 'Een pittige les op muziek in het grote bad, onder leiding van onze animator. <strong>Badmuts aanbevolen.</strong>'],
      it: ['Acquagym', 'Una lezione tonificante a ritmo di musica nella piscina grande, con il nostro animatore. <strong>Cuffia consigliata.</strong>'],
      es: ['Aquagym', 'Una sesión con música y mucha energía en la piscina grande, dirigida por nuestro animador. <strong>Se recomienda gorro.</strong>'],
      pt: ['Hidroginástica', 'Uma sessão animada ao som de música na piscina grande, orientada pelo nosso animador. <strong>Touca aconselhada.</strong>'],
    },
    days: ['monday', 'wednesday', 'friday'],
    from: '10:00',
    to: '10:45',
    front: true,
    shape: 'waves',
  },
  {
    category: 'sport',
    text: {
      fr: ['Yoga au lever du soleil', 'Étirements et respiration sur la pelouse face au lac. Apportez votre tapis ou une serviette.'],
      en: ['Sunrise yoga', 'Stretching and breathing on the lawn by the lake. Bring a mat or a towel.'],
      de: ['Yoga bei Sonnenaufgang', 'Dehnen und Atmen auf der Wiese mit Blick auf den See. Bringen Sie eine Matte oder ein Handtuch mit.'],
      nl: ['Yoga bij zonsopgang', 'Rekken en ademen op het grasveld aan het meer. Neem een matje of een handdoek mee.'],
      it: ["Yoga all'alba", 'Stretching e respirazione sul prato davanti al lago. Portate un tappetino o un asciugamano.'],
      es: ['Yoga al amanecer', 'Estiramientos y respiración en el césped frente al lago. Traiga su esterilla o una toalla.'],
      pt: ['Ioga ao nascer do sol', 'Alongamentos e respiração no relvado junto ao lago. Traga o seu tapete ou uma toalha.'],
    },
    days: ['tuesday', 'saturday'],
    from: '08:00',
    to: '09:00',
    shape: 'sun',
  },
  {
    category: 'sport',
    text: {
      fr: ['Tournoi de pétanque', 'Inscriptions en doublette à l’accueil jusqu’à 16 h 30. Boules prêtées sur demande.'],
      en: ['Pétanque tournament', 'Sign up in pairs at reception until 16:30. Boules can be borrowed.'],
      de: ['Boule-Turnier', 'Anmeldung als Zweierteam an der Rezeption bis 16:30 Uhr. Kugeln werden auf Wunsch verliehen.'],
      nl: ['Jeu-de-boulestoernooi', 'Inschrijven per tweetal bij de receptie tot 16.30 uur. Ballen te leen op aanvraag.'],
      it: ['Torneo di bocce', 'Iscrizioni a coppie in reception fino alle 16:30. Bocce in prestito su richiesta.'],
      es: ['Torneo de petanca', 'Inscripción por parejas en recepción hasta las 16:30. Prestamos las bolas si lo necesita.'],
      pt: ['Torneio de petanca', 'Inscrições em pares na receção até às 16h30. Bolas emprestadas a pedido.'],
    },
    days: ['thursday'],
    from: '17:00',
    to: '19:00',
    front: true,
    shape: 'ball',
  },
  {
    category: 'sport',
    text: {
      fr: ['Réveil musculaire', 'Vingt minutes pour bien démarrer la journée, tous niveaux, près du terrain multisport.'],
      en: ['Morning workout', 'Twenty minutes to start the day well, all levels, by the sports ground.'],
      de: ['Morgengymnastik', 'Zwanzig Minuten für einen guten Start in den Tag, für alle Niveaus, am Multisportplatz.'],
      nl: ['Ochtendgymnastiek', 'Twintig minuten om de dag goed te beginnen, voor elk niveau, bij het sportveld.'],
      it: ['Risveglio muscolare', 'Venti minuti per iniziare bene la giornata, per tutti i livelli, vicino al campo polivalente.'],
      es: ['Gimnasia matinal', 'Veinte minutos para empezar bien el día, para todos los niveles, junto a la pista polideportiva.'],
      pt: ['Ginástica matinal', 'Vinte minutos para começar bem o dia, para todos os níveis, junto ao campo polidesportivo.'],
    },
    days: ['sunday'],
    from: '09:30',
    to: '10:00',
  },
  {
    category: 'kids',
    text: {
      fr: ['Kids club', 'Jeux, bricolage et grands jeux pour les 5-12 ans au club enfants. Inscription à la journée.'],
      en: ['Kids club', 'Games, crafts and outdoor fun for ages 5 to 12 at the kids club. Sign up by the day.'],
      de: ['Kinderclub', 'Spiele, Basteln und große Geländespiele für Kinder von 5 bis 12 Jahren. Anmeldung tageweise.'],
      nl: ['Kinderclub', 'Spelletjes, knutselen en buitenspelen voor kinderen van 5 tot 12 jaar. Inschrijven per dag.'],
      it: ['Miniclub', 'Giochi, lavoretti e grandi giochi all’aperto per i bambini dai 5 ai 12 anni. Iscrizione giornaliera.'],
      es: ['Club infantil', 'Juegos, manualidades y grandes juegos al aire libre para niños de 5 a 12 años. Inscripción por días.'],
      pt: ['Clube infantil', 'Jogos, trabalhos manuais e grandes jogos ao ar livre para crianças dos 5 aos 12 anos. Inscrição por dia.'],
    },
    days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
    from: '10:00',
    to: '12:00',
    front: true,
    shape: 'ball',
  },
  {
    category: 'kids',
    text: {
      fr: ['Mini-disco', 'Les danses du camping pour les plus petits, avant la soirée des grands.'],
      en: ['Mini disco', 'The campsite dances for the little ones, before the grown-ups’ evening.'],
      de: ['Minidisco', 'Die Campingtänze für die Kleinsten, vor dem Abendprogramm der Großen.'],
      nl: ['Minidisco', 'De campingdansjes voor de kleintjes, vóór de avond van de groten.'],
      it: ['Baby dance', 'I balli del campeggio per i più piccoli, prima della serata dei grandi.'],
      es: ['Minidisco', 'Los bailes del camping para los más pequeños, antes de la velada de los mayores.'],
      pt: ['Minidisco', 'As danças do parque para os mais pequenos, antes da noite dos crescidos.'],
    },
    days: ['tuesday', 'thursday', 'saturday'],
    from: '20:30',
    to: '21:00',
    shape: 'notes',
  },
  {
    category: 'kids',
    text: {
      fr: ['Chasse au trésor', 'Énigmes et indices à travers le camping, en équipes. Départ devant la piscine.'],
      en: ['Treasure hunt', 'Riddles and clues around the campsite, in teams. Start in front of the pool.'],
      de: ['Schatzsuche', 'Rätsel und Hinweise quer über den Campingplatz, in Teams. Start vor dem Schwimmbad.'],
      nl: ['Schattenjacht', 'Raadsels en aanwijzingen over de hele camping, in teams. Start voor het zwembad.'],
      it: ['Caccia al tesoro', 'Indovinelli e indizi in giro per il campeggio, a squadre. Partenza davanti alla piscina.'],
      es: ['Búsqueda del tesoro', 'Enigmas y pistas por todo el camping, en equipos. Salida delante de la piscina.'],
      pt: ['Caça ao tesouro', 'Enigmas e pistas por todo o parque, em equipas. Partida em frente à piscina.'],
    },
    days: ['wednesday'],
    from: '15:00',
    to: '17:00',
    shape: 'hills',
  },
  {
    category: 'evening',
    text: {
      fr: ['Karaoké', 'Micro ouvert à tous sur la scène du bar : variété française et tubes internationaux.'],
      en: ['Karaoke', 'Open mic for everyone on the bar stage: French songs and international hits.'],
      de: ['Karaoke', 'Offenes Mikrofon für alle auf der Bühne der Bar: französische Chansons und internationale Hits.'],
      nl: ['Karaoke', 'Open microfoon voor iedereen op het podium van de bar: Franse chansons en internationale hits.'],
      it: ['Karaoke', 'Microfono aperto a tutti sul palco del bar: canzoni francesi e successi internazionali.'],
      es: ['Karaoke', 'Micrófono abierto a todos en el escenario del bar: canción francesa y éxitos internacionales.'],
      pt: ['Karaoke', 'Microfone aberto a todos no palco do bar: música francesa e êxitos internacionais.'],
    },
    days: ['friday'],
    from: '21:00',
    to: '23:30',
    front: true,
    shape: 'notes',
  },
  {
    category: 'evening',
    text: {
      fr: ['Soirée dansante', 'DJ et piste de danse sous les pins, jusqu’à 23 h 30.'],
      en: ['Dance night', 'DJ and dance floor under the pines, until 23:30.'],
      de: ['Tanzabend', 'DJ und Tanzfläche unter den Pinien, bis 23:30 Uhr.'],
      nl: ['Dansavond', 'DJ en dansvloer onder de dennen, tot 23.30 uur.'],
      it: ['Serata danzante', 'DJ e pista da ballo sotto i pini, fino alle 23:30.'],
      es: ['Noche de baile', 'DJ y pista de baile bajo los pinos, hasta las 23:30.'],
      pt: ['Noite de dança', 'DJ e pista de dança debaixo dos pinheiros, até às 23h30.'],
    },
    days: ['saturday'],
    from: '21:30',
    to: '23:30',
    shape: 'lantern',
  },
  {
    category: 'evening',
    text: {
      fr: ['Cinéma en plein air', 'Un film familial projeté sur grand écran, transats fournis.'],
      en: ['Open-air cinema', 'A family film on the big screen, deckchairs provided.'],
      de: ['Open-Air-Kino', 'Ein Familienfilm auf der großen Leinwand, Liegestühle stehen bereit.'],
      nl: ['Openluchtbioscoop', 'Een familiefilm op het grote scherm, ligstoelen aanwezig.'],
      it: ["Cinema all'aperto", 'Un film per tutta la famiglia sul grande schermo, sdraio a disposizione.'],
      es: ['Cine al aire libre', 'Una película familiar en pantalla grande, con tumbonas.'],
      pt: ['Cinema ao ar livre', 'Um filme para toda a família em ecrã gigante, espreguiçadeiras disponíveis.'],
    },
    days: ['sunday'],
    from: '21:30',
    to: '23:30',
  },
  {
    category: 'nature',
    text: {
      fr: ['Randonnée des crêtes', 'Boucle de 9 km avec un guide, vue sur la vallée. Chaussures de marche et eau obligatoires.'],
      en: ['Ridge hike', 'A 9 km loop with a guide, overlooking the valley. Walking shoes and water required.'],
      de: ['Gratwanderung', 'Geführte Rundwanderung über 9 km mit Blick ins Tal. Wanderschuhe und Wasser sind Pflicht.'],
      nl: ['Kamwandeling', 'Rondwandeling van 9 km met een gids, met uitzicht over het dal. Wandelschoenen en water verplicht.'],
      it: ['Escursione sul crinale', 'Anello di 9 km con una guida, con vista sulla valle. Scarpe da trekking e acqua obbligatorie.'],
      es: ['Ruta por las crestas', 'Ruta circular de 9 km con guía y vistas al valle. Calzado de montaña y agua obligatorios.'],
      pt: ['Caminhada pelas cumeadas', 'Percurso circular de 9 km com guia e vista sobre o vale. Calçado de caminhada e água obrigatórios.'],
    },
    days: ['wednesday'],
    from: '08:30',
    to: '12:30',
    shape: 'hills',
  },
  {
    category: 'nature',
    text: {
      fr: ['Balade à vélo', 'Sortie tranquille sur la voie verte jusqu’au village. Vélos en location à l’accueil.'],
      en: ['Bike ride', 'An easy ride along the greenway to the village. Bikes for hire at reception.'],
      de: ['Radtour', 'Gemütliche Tour auf dem Radweg bis ins Dorf. Fahrräder zum Ausleihen an der Rezeption.'],
      nl: ['Fietstocht', 'Rustige tocht over het fietspad naar het dorp. Fietsen te huur bij de receptie.'],
      it: ['Giro in bici', 'Uscita tranquilla sulla pista ciclabile fino al paese. Bici a noleggio in reception.'],
      es: ['Paseo en bicicleta', 'Salida tranquila por la vía verde hasta el pueblo. Bicicletas de alquiler en recepción.'],
      pt: ['Passeio de bicicleta', 'Passeio tranquilo pela ecovia até à aldeia. Bicicletas para alugar na receção.'],
    },
    days: ['saturday'],
    from: '14:00',
    to: '17:00',
    shape: 'sun',
  },
  {
    category: 'nature',
    text: {
      fr: ['Observation des étoiles', 'Télescope et carte du ciel avec un passionné d’astronomie, si la météo le permet.'],
      en: ['Stargazing', 'Telescope and sky map with an astronomy enthusiast, weather permitting.'],
      de: ['Sternbeobachtung', 'Teleskop und Sternkarte mit einem begeisterten Hobbyastronomen, wenn das Wetter mitspielt.'],
      nl: ['Sterrenkijken', 'Telescoop en sterrenkaart met een sterrenkundeliefhebber, als het weer het toelaat.'],
      it: ['Osservazione delle stelle', 'Telescopio e mappa del cielo con un appassionato di astronomia, tempo permettendo.'],
      es: ['Observación de estrellas', 'Telescopio y mapa del cielo con un aficionado a la astronomía, si el tiempo lo permite.'],
      pt: ['Observação de estrelas', 'Telescópio e mapa do céu com um apaixonado por astronomia, se o tempo o permitir.'],
    },
    days: ['thursday'],
    from: '22:00',
    to: '23:30',
    shape: 'stars',
  },
  {
    category: 'market',
    text: {
      fr: ['Marché nocturne', 'Artisans et producteurs locaux sur l’allée centrale : bijoux, miel, savons, fromages.'],
      en: ['Night market', 'Local craftspeople and producers along the main alley: jewellery, honey, soaps, cheese.'],
      de: ['Nachtmarkt', 'Kunsthandwerker und Erzeuger aus der Region an der Hauptallee: Schmuck, Honig, Seifen, Käse.'],
      nl: ['Avondmarkt', 'Lokale ambachtslieden en producenten op de hoofdlaan: sieraden, honing, zeep, kaas.'],
      it: ['Mercato notturno', 'Artigiani e produttori locali lungo il viale centrale: gioielli, miele, saponi, formaggi.'],
      es: ['Mercado nocturno', 'Artesanos y productores locales en la avenida central: joyas, miel, jabones, quesos.'],
      pt: ['Mercado noturno', 'Artesãos e produtores locais na alameda central: bijutaria, mel, sabonetes, queijos.'],
    },
    days: ['tuesday'],
    from: '18:00',
    to: '23:00',
    front: true,
    shape: 'lantern',
  },
  {
    category: 'market',
    text: {
      fr: ['Dégustation de vins', 'Un vigneron de la région présente trois cuvées. À consommer avec modération.'],
      en: ['Wine tasting', 'A local winemaker presents three wines. Please drink responsibly.'],
      de: ['Weinprobe', 'Ein Winzer aus der Region stellt drei Weine vor. Bitte genießen Sie in Maßen.'],
      nl: ['Wijnproeverij', 'Een wijnboer uit de streek stelt drie wijnen voor. Geniet, maar drink met mate.'],
      it: ['Degustazione di vini', 'Un vignaiolo della zona presenta tre vini. Bevete responsabilmente.'],
      es: ['Cata de vinos', 'Un viticultor de la zona presenta tres vinos. Consuma con moderación.'],
      pt: ['Prova de vinhos', 'Um viticultor da região apresenta três vinhos. Seja responsável, beba com moderação.'],
    },
    days: ['friday'],
    from: '18:30',
    to: '20:00',
  },
];

function shapeSvg(shape: Shape): string {
  switch (shape) {
    case 'waves':
      return [0, 1, 2].map((i) => `<path d="M0 ${470 + i * 70} Q 160 ${430 + i * 70} 320 ${470 + i * 70} T 640 ${470 + i * 70} T 960 ${470 + i * 70} T 1280 ${470 + i * 70} V720 H0Z" fill="#fff" opacity="${0.18 + i * 0.12}"/>`).join('');
    case 'sun':
      return '<circle cx="900" cy="300" r="150" fill="#fff3b0" opacity="0.9"/><path d="M0 560 Q 320 460 640 540 T 1280 520 V720 H0Z" fill="#000" opacity="0.18"/>';
    case 'stars':
      return Array.from({ length: 40 }, (_, i) => `<circle cx="${(i * 317) % 1280}" cy="${(i * 131) % 520}" r="${2 + (i % 4)}" fill="#fff" opacity="0.85"/>`).join('') + '<circle cx="1050" cy="160" r="70" fill="#fdf6d8"/>';
    case 'hills':
      return '<path d="M0 520 L260 300 L480 470 L760 220 L1040 460 L1280 330 V720 H0Z" fill="#000" opacity="0.22"/><path d="M0 600 Q 400 500 800 600 T 1280 580 V720 H0Z" fill="#fff" opacity="0.2"/>';
    case 'notes':
      return [[380, 420], [640, 330], [900, 440]].map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="46" ry="34" fill="#fff" opacity="0.9"/><rect x="${x + 38}" y="${y - 200}" width="12" height="200" fill="#fff" opacity="0.9"/>`).join('');
    case 'ball':
      return '<circle cx="640" cy="380" r="170" fill="#fff" opacity="0.85"/><path d="M470 380 Q 640 300 810 380" stroke="#000" stroke-opacity="0.25" stroke-width="10" fill="none"/>';
    case 'lantern':
      return [260, 520, 780, 1040].map((x, i) => `<line x1="${x - 130}" y1="${120 + (i % 2) * 20}" x2="${x + 130}" y2="${120 + ((i + 1) % 2) * 20}" stroke="#fff" stroke-opacity="0.5" stroke-width="3"/><circle cx="${x}" cy="${190 + (i % 2) * 30}" r="38" fill="#ffd166" opacity="0.95"/>`).join('');
  }
}

/** A 1280×720 gradient in the category's colour with a shape for the activity: no asset needed. */
function coverSvg(color: string, shape: Shape): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#${color}"/><stop offset="1" stop-color="#1d3557"/></linearGradient></defs>
<rect width="1280" height="720" fill="url(#g)"/>${shapeSvg(shape)}</svg>`;
}

/** The season shown by the demo: this month and the four after it, split by year for the generator. */
function seasonSegments(now: number, timeZone: string) {
  const { year, month } = epochToZoned(now, timeZone);
  const segments: { year: number; first: number; last: number }[] = [];
  for (let i = 0; i < 5; i++) {
    const y = year + Math.floor((month - 1 + i) / 12);
    const m = ((month - 1 + i) % 12) + 1;
    const current = segments.at(-1);
    if (current && current.year === y) current.last = m;
    else segments.push({ year: y, first: m, last: m });
  }
  return segments;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** About fifteen activities in five categories, in the seven languages, with their dates across the season (001). */
export async function seedActivities({ tx, deps, adminId, now }: SeedContext) {
  const timeZone = deps.env.TIME_ZONE;
  const categoryIds = {} as Record<keyof typeof CATEGORIES, string>;
  for (const [key, c] of Object.entries(CATEGORIES) as [keyof typeof CATEGORIES, (typeof CATEGORIES)[keyof typeof CATEGORIES]][]) {
    const row = await insertCategory(tx, {
      id: newId(),
      color: c.color,
      translations: LANGS.map((lang) => ({ lang, name: c.name[lang] })),
      createdTime: now,
      editedTime: now,
    });
    categoryIds[key] = row.id;
  }

  const segments = seasonSegments(now, timeZone);
  for (const a of ACTIVITIES) {
    const color = CATEGORIES[a.category].color;
    let cover: string | null = null;
    if (a.shape) {
      const jpeg = await sharp(Buffer.from(coverSvg(color, a.shape))).jpeg({ quality: 78 }).toBuffer();
      cover = (await storeImage(tx, jpeg, `${a.text.en[0].toLowerCase().replace(/\W+/g, '-')}.jpg`, now))._id;
    }
    const animation = await insertAnimation(tx, {
      id: newId(),
      category: categoryIds[a.category],
      cover,
      front: a.front ?? false,
      translations: LANGS.map((lang) => ({ lang, name: a.text[lang][0], content: `<p>${a.text[lang][1]}</p>` })),
      serviceBenefit: null,
      userId: adminId,
      createdTime: now,
      editedTime: now,
    });

    const [sh, sm] = a.from.split(':');
    const [eh, em] = a.to.split(':');
    for (const s of segments) {
      const form: ScheduleForm = {
        animation: animation.id,
        start_day: '01',
        start_month: pad(s.first),
        end_day: '31',
        end_month: pad(s.last),
        start_hour: sh,
        start_minute: sm,
        end_hour: eh,
        end_minute: em,
        ...(Object.fromEntries(WEEKDAYS.map((d) => [d, a.days.includes(d)])) as Record<Weekday, boolean>),
      };
      const generated = generateScheduleDates(form, { year: s.year, timeZone });
      if (!generated.ok) throw new Error(`seed ${a.text.fr[0]}: ${generated.message}`);
      await insertDates(tx, generated.dates.map((d) => ({ id: newId(), animation: animation.id, start: d.start, end: d.end })));
    }
  }
}
