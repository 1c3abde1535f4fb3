import { sharp } from '../lib/images';
import { LANGS, slugify, type Lang } from '@campsite/shared';
import type { Tx } from '../db/client';
import type { StoredSection } from '../db/schema';
import { newId } from '../lib/ids';
import { categoryTexts } from '../modules/booklet/categories.service';
import { insertCategory } from '../modules/booklet/categories.repository';
import { storeImage } from '../platform/files/files.service';
import { insertGroup } from '../modules/booklet/groups.repository';
import { insertIcon } from '../modules/icons/icons.repository';
import { insertList } from '../modules/booklet/lists.repository';
import { insertPage } from '../modules/booklet/pages.repository';
import type { SeedContext } from './context';

/** Simple pictograms drawn on a 48-unit grid: the same shapes stroked (Filaire) and filled (Rempli). */
const SHAPES: Record<string, string> = {
  Information: '<circle cx="24" cy="24" r="18"/><path d="M24 21v12M24 14v1"/>',
  Horloge: '<circle cx="24" cy="24" r="18"/><path d="M24 13v11l8 5"/>',
  'Wi-Fi': '<path d="M8 19a23 23 0 0 1 32 0M13 25a15 15 0 0 1 22 0M18 31a8 8 0 0 1 12 0"/><circle cx="24" cy="37" r="2"/>',
  Piscine: '<path d="M6 30c4-3 8-3 12 0s8 3 12 0 8-3 12 0M6 38c4-3 8-3 12 0s8 3 12 0 8-3 12 0M16 26V10a4 4 0 0 1 8 0M28 26V10a4 4 0 0 1 8 0M16 16h12"/>',
  Restaurant: '<path d="M14 6v14a4 4 0 0 0 8 0V6M18 6v36M32 42V6c-4 2-6 8-6 14h6"/>',
  Urgence: '<rect x="8" y="8" width="32" height="32" rx="6"/><path d="M24 15v18M15 24h18"/>',
  Marché: '<path d="M8 18h32l-4 20H12zM16 18l6-10M32 18l-6-10"/>',
  Soleil: '<circle cx="24" cy="24" r="8"/><path d="M24 4v6M24 38v6M4 24h6M38 24h6M10 10l4 4M34 34l4 4M38 10l-4 4M14 34l-4 4"/>',
  Tente: '<path d="M6 40 24 8l18 32zM24 8v32M18 40l6-12 6 12"/>',
  Vélo: '<circle cx="12" cy="32" r="8"/><circle cx="36" cy="32" r="8"/><path d="M12 32l8-14h10l6 14M20 18l4 14h0M28 12h6"/>',
  Carte: '<path d="M24 42s-14-12-14-24a14 14 0 0 1 28 0c0 12-14 24-14 24z"/><circle cx="24" cy="18" r="5"/>',
  Téléphone: '<path d="M14 6h8l3 9-5 3a22 22 0 0 0 10 10l3-5 9 3v8a4 4 0 0 1-4 4A34 34 0 0 1 10 10a4 4 0 0 1 4-4z"/>',
  Pain: '<path d="M8 30c0-10 7-18 16-18s16 8 16 18v6H8z"/><path d="M18 20l-2 8M26 18v10M33 20l1 8"/>',
};

async function drawIcon(shape: string, style: 'lineal' | 'fill') {
  const paint = style === 'lineal' ? 'fill="none" stroke="#1f2937" stroke-width="3.5"' : 'fill="#1f2937" stroke="#1f2937" stroke-width="2"';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 48 48"><g ${paint} stroke-linecap="round" stroke-linejoin="round">${shape}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A text in each of the seven languages of the guest app: the demo shows what a guest really gets. */
type Texts = Record<Lang, string>;
type SectionSeed = { icon: string; title: Texts; html: Texts } & Partial<Omit<StoredSection, 'icon' | 'translations'>>;
type CategorySeed = { name: Texts; icon: string; sections?: SectionSeed[]; elements?: { text: Texts; icon: string; sections: SectionSeed[] }[] };

const tr = <K extends string>(key: K, t: Texts) => LANGS.map((lang) => ({ lang, [key]: t[lang] })) as ({ lang: string } & Record<K, string>)[];
const section = (s: SectionSeed): StoredSection => ({
  icon: s.icon,
  phone: s.phone ?? '',
  email: s.email ?? '',
  website: s.website ?? '',
  localisation: s.localisation ?? '',
  facebook: s.facebook ?? '',
  instagram: s.instagram ?? '',
  translations: LANGS.map((lang) => ({ lang, title: s.title[lang], html: s.html[lang] })),
});

function booklet(i: Record<string, string>): { name: Texts; icon: string; categories: CategorySeed[] }[] {
  return [
    {
      name: { fr: 'Bienvenue', en: 'Welcome', de: 'Willkommen', nl: 'Welkom', it: 'Benvenuti', es: 'Bienvenida', pt: 'Boas-vindas' },
      icon: i.Tente,
      categories: [
        {
          name: { fr: 'Accueil', en: 'Reception', de: 'Rezeption', nl: 'Receptie', it: 'Reception', es: 'Recepción', pt: 'Receção' },
          icon: i.Horloge,
          sections: [
            {
              icon: i.Horloge,
              title: { fr: "Horaires de l'accueil", en: 'Reception hours', de: 'Öffnungszeiten der Rezeption', nl: 'Openingstijden receptie', it: 'Orari della reception', es: 'Horario de recepción', pt: 'Horário da receção' },
              html: {
                fr: '<p>En juillet et août : <strong>8h30 – 20h</strong> tous les jours.</p><p>Le reste de la saison : 9h – 12h et 14h – 18h.</p>',
                en: '<p>July and August: <strong>08:30 – 20:00</strong> every day.</p><p>Rest of the season: 09:00 – 12:00 and 14:00 – 18:00.</p>',
                de: '<p>Juli und August: täglich <strong>8:30 – 20:00 Uhr</strong>.</p><p>Übrige Saison: 9:00 – 12:00 und 14:00 – 18:00 Uhr.</p>',
                nl: '<p>Juli en augustus: elke dag <strong>8.30 – 20.00 uur</strong>.</p><p>Rest van het seizoen: 9.00 – 12.00 en 14.00 – 18.00 uur.</p>',
                it: '<p>Luglio e agosto: tutti i giorni <strong>8:30 – 20:00</strong>.</p><p>Resto della stagione: 9:00 – 12:00 e 14:00 – 18:00.</p>',
                es: '<p>Julio y agosto: todos los días de <strong>8:30 a 20:00</strong>.</p><p>Resto de la temporada: de 9:00 a 12:00 y de 14:00 a 18:00.</p>',
                pt: '<p>Julho e agosto: todos os dias, <strong>8h30 – 20h00</strong>.</p><p>Resto da época: 9h00 – 12h00 e 14h00 – 18h00.</p>',
              },
            },
            {
              icon: i.Téléphone,
              title: { fr: 'Nous joindre', en: 'Contact us', de: 'Kontakt', nl: 'Contact', it: 'Contattaci', es: 'Contacto', pt: 'Contacte-nos' },
              html: {
                fr: "<p>L'équipe répond à toutes vos questions, sur place ou par téléphone.</p>",
                en: '<p>Our team answers all your questions, at the desk or by phone.</p>',
                de: '<p>Unser Team beantwortet gern alle Ihre Fragen, vor Ort oder telefonisch.</p>',
                nl: '<p>Ons team beantwoordt al uw vragen, aan de balie of telefonisch.</p>',
                it: '<p>Il nostro staff risponde a tutte le vostre domande, in reception o al telefono.</p>',
                es: '<p>Nuestro equipo responde a todas sus preguntas, en recepción o por teléfono.</p>',
                pt: '<p>A nossa equipa responde a todas as suas perguntas, na receção ou por telefone.</p>',
              },
              phone: '+33467960000',
              email: 'accueil@pins-dores.fr',
              website: 'https://www.pins-dores.fr',
              localisation: 'https://maps.app.goo.gl/pinsdores34',
              facebook: 'https://www.facebook.com/campingpinsdores',
              instagram: 'https://www.instagram.com/campingpinsdores',
            },
          ],
        },
        {
          name: { fr: 'Wi-Fi', en: 'Wi-Fi', de: 'WLAN', nl: 'Wifi', it: 'Wi-Fi', es: 'Wifi', pt: 'Wi-Fi' },
          icon: i['Wi-Fi'],
          sections: [
            {
              icon: i['Wi-Fi'],
              title: { fr: 'Se connecter', en: 'Getting connected', de: 'Verbindung herstellen', nl: 'Verbinding maken', it: 'Come connettersi', es: 'Cómo conectarse', pt: 'Como se ligar' },
              html: {
                fr: '<p>Réseau : <strong>PinsDores-Invites</strong><br>Mot de passe : remis à votre arrivée.</p><p>Le signal est le meilleur autour de la place centrale et du bar.</p>',
                en: '<p>Network: <strong>PinsDores-Invites</strong><br>Password: given on arrival.</p><p>The signal is best around the central square and the bar.</p>',
                de: '<p>Netzwerk: <strong>PinsDores-Invites</strong><br>Passwort: erhalten Sie bei der Ankunft.</p><p>Am besten ist der Empfang rund um den zentralen Platz und die Bar.</p>',
                nl: '<p>Netwerk: <strong>PinsDores-Invites</strong><br>Wachtwoord: krijgt u bij aankomst.</p><p>Het signaal is het sterkst rond het centrale plein en de bar.</p>',
                it: '<p>Rete: <strong>PinsDores-Invites</strong><br>Password: consegnata al vostro arrivo.</p><p>Il segnale è migliore intorno alla piazzetta centrale e al bar.</p>',
                es: '<p>Red: <strong>PinsDores-Invites</strong><br>Contraseña: se la damos a su llegada.</p><p>La mejor señal está en la plaza central y junto al bar.</p>',
                pt: '<p>Rede: <strong>PinsDores-Invites</strong><br>Palavra-passe: entregue à chegada.</p><p>O sinal é melhor à volta da praça central e do bar.</p>',
              },
            },
          ],
        },
        {
          name: { fr: 'Règlement intérieur', en: 'Campsite rules', de: 'Platzordnung', nl: 'Campingreglement', it: 'Regolamento', es: 'Normas del camping', pt: 'Regulamento interno' },
          icon: i.Information,
          sections: [
            {
              icon: i.Information,
              title: { fr: 'Calme et sécurité', en: 'Quiet and safety', de: 'Ruhe und Sicherheit', nl: 'Rust en veiligheid', it: 'Quiete e sicurezza', es: 'Descanso y seguridad', pt: 'Sossego e segurança' },
              html: {
                fr: '<ul><li>Silence de 23h à 7h.</li><li>Vitesse limitée à 10 km/h.</li><li>Barbecues à charbon interdits en été.</li></ul>',
                en: '<ul><li>Quiet hours from 23:00 to 07:00.</li><li>Speed limit 10 km/h.</li><li>No charcoal barbecues in summer.</li></ul>',
                de: '<ul><li>Nachtruhe von 23:00 bis 7:00 Uhr.</li><li>Höchstgeschwindigkeit 10 km/h.</li><li>Holzkohlegrills sind im Sommer verboten.</li></ul>',
                nl: '<ul><li>Nachtrust van 23.00 tot 7.00 uur.</li><li>Maximumsnelheid 10 km/u.</li><li>Houtskoolbarbecues zijn in de zomer verboden.</li></ul>',
                it: '<ul><li>Silenzio dalle 23:00 alle 7:00.</li><li>Velocità massima 10 km/h.</li><li>Barbecue a carbonella vietati in estate.</li></ul>',
                es: '<ul><li>Silencio de 23:00 a 7:00.</li><li>Velocidad máxima: 10 km/h.</li><li>Barbacoas de carbón prohibidas en verano.</li></ul>',
                pt: '<ul><li>Silêncio das 23h00 às 7h00.</li><li>Velocidade máxima de 10 km/h.</li><li>Churrascos a carvão proibidos no verão.</li></ul>',
              },
            },
          ],
        },
      ],
    },
    {
      name: { fr: 'Infos pratiques', en: 'Practical information', de: 'Praktische Infos', nl: 'Praktische informatie', it: 'Informazioni utili', es: 'Información práctica', pt: 'Informações práticas' },
      icon: i.Information,
      categories: [
        {
          name: { fr: "Numéros d'urgence", en: 'Emergency numbers', de: 'Notrufnummern', nl: 'Noodnummers', it: 'Numeri di emergenza', es: 'Números de emergencia', pt: 'Números de emergência' },
          icon: i.Urgence,
          sections: [
            {
              icon: i.Urgence,
              title: { fr: 'Urgences', en: 'Emergencies', de: 'Notfälle', nl: 'Noodgevallen', it: 'Emergenze', es: 'Emergencias', pt: 'Emergências' },
              html: {
                fr: '<p>Numéro européen : <strong>112</strong> · SAMU : 15 · Pompiers : 18 · Police : 17</p>',
                en: '<p>European number: <strong>112</strong> · Ambulance: 15 · Fire: 18 · Police: 17</p>',
                de: '<p>Europäischer Notruf: <strong>112</strong> · Rettungsdienst: 15 · Feuerwehr: 18 · Polizei: 17</p>',
                nl: '<p>Europees alarmnummer: <strong>112</strong> · Ambulance: 15 · Brandweer: 18 · Politie: 17</p>',
                it: '<p>Numero europeo: <strong>112</strong> · Ambulanza: 15 · Vigili del fuoco: 18 · Polizia: 17</p>',
                es: '<p>Número europeo: <strong>112</strong> · Ambulancia: 15 · Bomberos: 18 · Policía: 17</p>',
                pt: '<p>Número europeu: <strong>112</strong> · Ambulância: 15 · Bombeiros: 18 · Polícia: 17</p>',
              },
              phone: '112',
            },
            {
              icon: i.Téléphone,
              title: { fr: 'Médecin de garde', en: 'Doctor on call', de: 'Bereitschaftsarzt', nl: 'Huisarts van dienst', it: 'Guardia medica', es: 'Médico de guardia', pt: 'Médico de serviço' },
              html: {
                fr: '<p>Cabinet médical de Clermont-l’Hérault, 5 km.</p>',
                en: '<p>Medical practice in Clermont-l’Hérault, 5 km away.</p>',
                de: '<p>Arztpraxis in Clermont-l’Hérault, 5 km entfernt.</p>',
                nl: '<p>Huisartsenpraktijk in Clermont-l’Hérault, op 5 km.</p>',
                it: '<p>Studio medico a Clermont-l’Hérault, a 5 km.</p>',
                es: '<p>Consulta médica en Clermont-l’Hérault, a 5 km.</p>',
                pt: '<p>Consultório médico em Clermont-l’Hérault, a 5 km.</p>',
              },
              phone: '+33467960101',
              localisation: 'https://maps.app.goo.gl/medecinclermont',
            },
          ],
        },
        {
          name: { fr: 'Boulangerie', en: 'Bakery', de: 'Bäckerei', nl: 'Bakkerij', it: 'Panetteria', es: 'Panadería', pt: 'Padaria' },
          icon: i.Pain,
          sections: [
            {
              icon: i.Pain,
              title: { fr: 'Pain et viennoiseries', en: 'Bread and pastries', de: 'Brot und Gebäck', nl: 'Brood en broodjes', it: 'Pane e cornetti', es: 'Pan y bollería', pt: 'Pão e pastelaria' },
              html: {
                fr: "<p>Commandez la veille avant 19h à l'accueil, retrait de 8h à 10h.</p>",
                en: '<p>Order at reception the day before, by 19:00; collect from 08:00 to 10:00.</p>',
                de: '<p>Bestellung am Vortag bis 19:00 Uhr an der Rezeption, Abholung von 8:00 bis 10:00 Uhr.</p>',
                nl: '<p>Bestel de dag ervoor vóór 19.00 uur bij de receptie, ophalen van 8.00 tot 10.00 uur.</p>',
                it: '<p>Ordinate in reception entro le 19:00 del giorno prima, ritiro dalle 8:00 alle 10:00.</p>',
                es: '<p>Encárguelo en recepción la víspera antes de las 19:00 y recójalo de 8:00 a 10:00.</p>',
                pt: '<p>Encomende na receção na véspera até às 19h00; levantamento das 8h00 às 10h00.</p>',
              },
            },
          ],
        },
        {
          name: { fr: 'Laverie', en: 'Laundry', de: 'Waschsalon', nl: 'Wasserette', it: 'Lavanderia', es: 'Lavandería', pt: 'Lavandaria' },
          icon: i.Information,
          sections: [
            {
              icon: i.Information,
              title: { fr: 'Machines à laver', en: 'Washing machines', de: 'Waschmaschinen', nl: 'Wasmachines', it: 'Lavatrici', es: 'Lavadoras', pt: 'Máquinas de lavar' },
              html: {
                fr: '<p>Bloc sanitaire B, ouvert de 8h à 21h. Jetons en vente à l’accueil (5 €).</p>',
                en: '<p>Washblock B, open 08:00 to 21:00. Tokens sold at reception (€5).</p>',
                de: '<p>Sanitärgebäude B, geöffnet von 8:00 bis 21:00 Uhr. Wertmarken an der Rezeption (5 €).</p>',
                nl: '<p>Sanitairgebouw B, open van 8.00 tot 21.00 uur. Munten te koop bij de receptie (€ 5).</p>',
                it: '<p>Blocco servizi B, aperto dalle 8:00 alle 21:00. Gettoni in vendita in reception (5 €).</p>',
                es: '<p>Bloque sanitario B, abierto de 8:00 a 21:00. Fichas a la venta en recepción (5 €).</p>',
                pt: '<p>Bloco sanitário B, aberto das 8h00 às 21h00. Fichas à venda na receção (5 €).</p>',
              },
            },
          ],
        },
      ],
    },
    {
      name: { fr: 'Loisirs', en: 'Leisure', de: 'Freizeit', nl: 'Vrije tijd', it: 'Tempo libero', es: 'Ocio', pt: 'Lazer' },
      icon: i.Soleil,
      categories: [
        {
          name: { fr: 'Piscine', en: 'Swimming pool', de: 'Schwimmbad', nl: 'Zwembad', it: 'Piscina', es: 'Piscina', pt: 'Piscina' },
          icon: i.Piscine,
          sections: [
            {
              icon: i.Piscine,
              title: { fr: 'Horaires de la piscine', en: 'Pool opening hours', de: 'Öffnungszeiten des Schwimmbads', nl: 'Openingstijden zwembad', it: 'Orari della piscina', es: 'Horario de la piscina', pt: 'Horário da piscina' },
              html: {
                fr: '<p>Tous les jours de <strong>10h à 19h</strong>, du 1er mai au 30 septembre.</p>',
                en: '<p>Every day from <strong>10:00 to 19:00</strong>, 1 May to 30 September.</p>',
                de: '<p>Täglich von <strong>10:00 bis 19:00 Uhr</strong>, vom 1. Mai bis 30. September.</p>',
                nl: '<p>Elke dag van <strong>10.00 tot 19.00 uur</strong>, van 1 mei tot 30 september.</p>',
                it: '<p>Tutti i giorni dalle <strong>10:00 alle 19:00</strong>, dal 1° maggio al 30 settembre.</p>',
                es: '<p>Todos los días de <strong>10:00 a 19:00</strong>, del 1 de mayo al 30 de septiembre.</p>',
                pt: '<p>Todos os dias das <strong>10h00 às 19h00</strong>, de 1 de maio a 30 de setembro.</p>',
              },
            },
            {
              icon: i.Information,
              title: { fr: 'Règles de la piscine', en: 'Pool rules', de: 'Badeordnung', nl: 'Zwembadregels', it: 'Regole della piscina', es: 'Normas de la piscina', pt: 'Regras da piscina' },
              html: {
                fr: '<p>Maillot de bain obligatoire (shorts interdits). Enfants sous la surveillance d’un adulte.</p>',
                en: '<p>Swimwear required (no shorts). Children must be supervised by an adult.</p>',
                de: '<p>Badebekleidung ist Pflicht (keine Shorts). Kinder nur unter Aufsicht eines Erwachsenen.</p>',
                nl: '<p>Zwemkleding verplicht (geen zwemshorts). Kinderen onder toezicht van een volwassene.</p>',
                it: '<p>Costume da bagno obbligatorio (vietati i pantaloncini). Bambini sotto la sorveglianza di un adulto.</p>',
                es: '<p>Bañador obligatorio (prohibidos los pantalones cortos). Niños siempre acompañados de un adulto.</p>',
                pt: '<p>Fato de banho obrigatório (calções proibidos). Crianças sob a vigilância de um adulto.</p>',
              },
            },
          ],
        },
        {
          name: { fr: 'Restaurant', en: 'Restaurant', de: 'Restaurant', nl: 'Restaurant', it: 'Ristorante', es: 'Restaurante', pt: 'Restaurante' },
          icon: i.Restaurant,
          sections: [
            {
              icon: i.Restaurant,
              title: { fr: 'Le Pin Gourmand', en: 'Le Pin Gourmand', de: 'Le Pin Gourmand', nl: 'Le Pin Gourmand', it: 'Le Pin Gourmand', es: 'Le Pin Gourmand', pt: 'Le Pin Gourmand' },
              html: {
                fr: '<p>Cuisine du terroir et pizzas au feu de bois. Service de 12h à 14h et de 19h à 22h.</p>',
                en: '<p>Local dishes and wood-fired pizzas. Open 12:00–14:00 and 19:00–22:00.</p>',
                de: '<p>Regionale Küche und Pizza aus dem Holzofen. Geöffnet 12:00–14:00 und 19:00–22:00 Uhr.</p>',
                nl: '<p>Streekgerechten en pizza’s uit de houtoven. Open van 12.00 tot 14.00 en van 19.00 tot 22.00 uur.</p>',
                it: '<p>Cucina del territorio e pizze cotte a legna. Aperto 12:00–14:00 e 19:00–22:00.</p>',
                es: '<p>Cocina de la tierra y pizzas al horno de leña. Abierto de 12:00 a 14:00 y de 19:00 a 22:00.</p>',
                pt: '<p>Cozinha regional e pizas em forno a lenha. Aberto das 12h00 às 14h00 e das 19h00 às 22h00.</p>',
              },
              phone: '+33467960202',
              website: 'https://www.pin-gourmand.fr',
            },
          ],
        },
        {
          name: { fr: 'Location de vélos', en: 'Bike rental', de: 'Fahrradverleih', nl: 'Fietsverhuur', it: 'Noleggio bici', es: 'Alquiler de bicicletas', pt: 'Aluguer de bicicletas' },
          icon: i.Vélo,
          sections: [
            {
              icon: i.Vélo,
              title: { fr: 'Tarifs', en: 'Prices', de: 'Preise', nl: 'Prijzen', it: 'Tariffe', es: 'Tarifas', pt: 'Preços' },
              html: {
                fr: '<p>Demi-journée 8 €, journée 14 €, semaine 60 €. Casques fournis.</p>',
                en: '<p>Half day €8, full day €14, week €60. Helmets included.</p>',
                de: '<p>Halber Tag 8 €, ganzer Tag 14 €, Woche 60 €. Helme inklusive.</p>',
                nl: '<p>Halve dag € 8, hele dag € 14, week € 60. Helmen inbegrepen.</p>',
                it: '<p>Mezza giornata 8 €, giornata intera 14 €, settimana 60 €. Caschi inclusi.</p>',
                es: '<p>Medio día 8 €, día completo 14 €, semana 60 €. Cascos incluidos.</p>',
                pt: '<p>Meio dia 8 €, dia inteiro 14 €, semana 60 €. Capacetes incluídos.</p>',
              },
            },
          ],
        },
        {
          name: { fr: 'Club enfants', en: 'Kids club', de: 'Kinderclub', nl: 'Kinderclub', it: 'Miniclub', es: 'Club infantil', pt: 'Clube infantil' },
          icon: i.Soleil,
          sections: [
            {
              icon: i.Soleil,
              title: { fr: 'De 4 à 12 ans', en: 'Ages 4 to 12', de: 'Von 4 bis 12 Jahren', nl: 'Van 4 tot 12 jaar', it: 'Dai 4 ai 12 anni', es: 'De 4 a 12 años', pt: 'Dos 4 aos 12 anos' },
              html: {
                fr: '<p>Du lundi au vendredi, 10h – 12h. Inscription gratuite à l’accueil.</p>',
                en: '<p>Monday to Friday, 10:00 – 12:00. Free sign-up at reception.</p>',
                de: '<p>Montag bis Freitag, 10:00 – 12:00 Uhr. Kostenlose Anmeldung an der Rezeption.</p>',
                nl: '<p>Maandag tot en met vrijdag, 10.00 – 12.00 uur. Gratis inschrijven bij de receptie.</p>',
                it: '<p>Dal lunedì al venerdì, 10:00 – 12:00. Iscrizione gratuita in reception.</p>',
                es: '<p>De lunes a viernes, de 10:00 a 12:00. Inscripción gratuita en recepción.</p>',
                pt: '<p>De segunda a sexta-feira, 10h00 – 12h00. Inscrição gratuita na receção.</p>',
              },
            },
          ],
        },
      ],
    },
    {
      name: { fr: 'Découvrir la région', en: 'Explore the area', de: 'Die Region entdecken', nl: 'De streek ontdekken', it: 'Scoprire la zona', es: 'Descubrir la región', pt: 'Descobrir a região' },
      icon: i.Carte,
      categories: [
        {
          name: { fr: 'Marchés locaux', en: 'Local markets', de: 'Märkte der Region', nl: 'Lokale markten', it: 'Mercati locali', es: 'Mercados locales', pt: 'Mercados locais' },
          icon: i.Marché,
          elements: [
            {
              text: { fr: 'Marché de Clermont', en: 'Clermont market', de: 'Markt in Clermont', nl: 'Markt van Clermont', it: 'Mercato di Clermont', es: 'Mercado de Clermont', pt: 'Mercado de Clermont' },
              icon: i.Marché,
              sections: [
                {
                  icon: i.Marché,
                  title: { fr: 'Le mercredi matin', en: 'Wednesday morning', de: 'Mittwochvormittag', nl: 'Woensdagochtend', it: 'Il mercoledì mattina', es: 'Los miércoles por la mañana', pt: 'Às quartas de manhã' },
                  html: {
                    fr: '<p>Producteurs locaux, fromages et olives, de 7h à 13h.</p>',
                    en: '<p>Local producers, cheese and olives, 07:00 to 13:00.</p>',
                    de: '<p>Erzeuger aus der Region, Käse und Oliven, von 7:00 bis 13:00 Uhr.</p>',
                    nl: '<p>Lokale producenten, kaas en olijven, van 7.00 tot 13.00 uur.</p>',
                    it: '<p>Produttori locali, formaggi e olive, dalle 7:00 alle 13:00.</p>',
                    es: '<p>Productores locales, quesos y aceitunas, de 7:00 a 13:00.</p>',
                    pt: '<p>Produtores locais, queijos e azeitonas, das 7h00 às 13h00.</p>',
                  },
                  localisation: 'https://maps.app.goo.gl/marcheclermont',
                },
              ],
            },
            {
              text: { fr: 'Marché de Gignac', en: 'Gignac market', de: 'Markt in Gignac', nl: 'Markt van Gignac', it: 'Mercato di Gignac', es: 'Mercado de Gignac', pt: 'Mercado de Gignac' },
              icon: i.Marché,
              sections: [
                {
                  icon: i.Marché,
                  title: { fr: 'Le samedi matin', en: 'Saturday morning', de: 'Samstagvormittag', nl: 'Zaterdagochtend', it: 'Il sabato mattina', es: 'Los sábados por la mañana', pt: 'Aos sábados de manhã' },
                  html: {
                    fr: '<p>Le plus grand marché de la vallée, sur les allées.</p>',
                    en: '<p>The largest market in the valley, along the avenues.</p>',
                    de: '<p>Der größte Markt im Tal, entlang der Alleen.</p>',
                    nl: '<p>De grootste markt van het dal, langs de lanen.</p>',
                    it: '<p>Il mercato più grande della valle, lungo i viali.</p>',
                    es: '<p>El mercado más grande del valle, a lo largo de los paseos.</p>',
                    pt: '<p>O maior mercado do vale, ao longo das alamedas.</p>',
                  },
                },
              ],
            },
            {
              text: { fr: 'Marché nocturne', en: 'Night market', de: 'Nachtmarkt', nl: 'Avondmarkt', it: 'Mercato notturno', es: 'Mercado nocturno', pt: 'Mercado noturno' },
              icon: i.Soleil,
              sections: [
                {
                  icon: i.Soleil,
                  title: { fr: 'Les jeudis d’été', en: 'Summer Thursdays', de: 'Donnerstags im Sommer', nl: 'Donderdagen in de zomer', it: 'I giovedì d’estate', es: 'Los jueves de verano', pt: 'Às quintas-feiras de verão' },
                  html: {
                    fr: '<p>Artisans et food-trucks au bord du lac, de 18h à minuit.</p>',
                    en: '<p>Craftspeople and food trucks by the lake, 18:00 to midnight.</p>',
                    de: '<p>Kunsthandwerk und Foodtrucks am See, von 18:00 Uhr bis Mitternacht.</p>',
                    nl: '<p>Ambachtslieden en foodtrucks aan het meer, van 18.00 uur tot middernacht.</p>',
                    it: '<p>Artigiani e food truck in riva al lago, dalle 18:00 a mezzanotte.</p>',
                    es: '<p>Artesanos y food trucks a orillas del lago, de 18:00 a medianoche.</p>',
                    pt: '<p>Artesãos e food trucks à beira do lago, das 18h00 à meia-noite.</p>',
                  },
                },
              ],
            },
          ],
        },
        {
          name: { fr: 'Lac du Salagou', en: 'Lake Salagou', de: 'Salagou-See', nl: 'Meer van Salagou', it: 'Lago del Salagou', es: 'Lago del Salagou', pt: 'Lago do Salagou' },
          icon: i.Piscine,
          sections: [
            {
              icon: i.Carte,
              title: { fr: 'À 15 minutes', en: '15 minutes away', de: '15 Minuten entfernt', nl: 'Op 15 minuten', it: 'A 15 minuti', es: 'A 15 minutos', pt: 'A 15 minutos' },
              html: {
                fr: '<p>Baignade surveillée en été, paddle et voile.</p>',
                en: '<p>Lifeguarded swimming in summer, paddleboarding and sailing.</p>',
                de: '<p>Im Sommer bewachter Badestrand, Stand-up-Paddling und Segeln.</p>',
                nl: '<p>Zwemmen onder toezicht in de zomer, suppen en zeilen.</p>',
                it: '<p>Balneazione sorvegliata in estate, paddle e vela.</p>',
                es: '<p>Baño vigilado en verano, pádel surf y vela.</p>',
                pt: '<p>Praia vigiada no verão, paddle e vela.</p>',
              },
              localisation: 'https://maps.app.goo.gl/lacsalagou',
            },
          ],
        },
        {
          name: { fr: 'Randonnées', en: 'Hiking', de: 'Wandern', nl: 'Wandelen', it: 'Escursioni', es: 'Senderismo', pt: 'Caminhadas' },
          icon: i.Carte,
          sections: [
            {
              icon: i.Carte,
              title: { fr: 'Le cirque de Mourèze', en: 'The Mourèze cirque', de: 'Der Felskessel von Mourèze', nl: 'De rotskom van Mourèze', it: 'Il circo di Mourèze', es: 'El circo de Mourèze', pt: 'O circo de Mourèze' },
              html: {
                fr: '<p>Boucle de 6 km entre les dolomies, balisage jaune. Prévoir de l’eau.</p>',
                en: '<p>6 km loop among the dolomite rocks, yellow markers. Bring water.</p>',
                de: '<p>6 km lange Rundwanderung zwischen Dolomitfelsen, gelbe Markierung. Wasser mitnehmen.</p>',
                nl: '<p>Rondwandeling van 6 km tussen de dolomietrotsen, gele markering. Neem water mee.</p>',
                it: '<p>Anello di 6 km tra le rocce dolomitiche, segnavia gialli. Portate dell’acqua.</p>',
                es: '<p>Ruta circular de 6 km entre rocas dolomíticas, señalizada en amarillo. Lleve agua.</p>',
                pt: '<p>Percurso circular de 6 km entre rochas dolomíticas, marcação amarela. Leve água.</p>',
              },
              website: 'https://www.randonnees-herault.fr',
            },
          ],
        },
      ],
    },
  ];
}

/** A welcome booklet in the seven languages with its icons, written with the repositories inside the seed's transaction. */
export async function seedBooklet({ tx, now }: SeedContext) {
  const ids: Record<string, string> = {};
  for (const [name, shape] of Object.entries(SHAPES)) {
    const lineal = await storeImage(tx, await drawIcon(shape, 'lineal'), `${slugify(name)}-filaire.png`, now);
    const fill = await storeImage(tx, await drawIcon(shape, 'fill'), `${slugify(name)}-rempli.png`, now);
    const icon = await insertIcon(tx, { id: newId(), name, lineal: [{ theme: 'blank', icon: lineal._id }], fill: [{ theme: 'blank', icon: fill._id }], createdTime: now, editedTime: now });
    ids[name] = icon.id;
  }
  for (const g of booklet(ids)) {
    const prefixes = tr('name', g.name).map((t) => ({ ...t, prefix: slugify(t.name) }));
    const group = await insertGroup(tx, { id: newId(), icon: g.icon, translations: prefixes, createdTime: now, editedTime: now });
    for (const [order, c] of g.categories.entries()) await seedCategory(tx, group.id, prefixes, order, c, now);
  }
}

async function seedCategory(tx: Tx, groupId: string, prefixes: { lang: string; prefix: string }[], order: number, c: CategorySeed, now: number) {
  const names = tr('name', c.name);
  const type = c.elements ? 'list' : 'page';
  const cat = await insertCategory(tx, { id: newId(), groupId, type, icon: c.icon, sortOrder: order, translations: categoryTexts(names, prefixes, 'fr'), createdTime: now, editedTime: now });
  const pageNames = (t: Texts, parent: Texts) => LANGS.map((lang) => ({ lang, name: t[lang], category_name: parent[lang], title: '' }));
  const base = { cover: null, service: null, link: null, createdTime: now, editedTime: now };
  if (!c.elements) {
    await insertPage(tx, { ...base, id: newId(), categoryId: cat.id, sections: (c.sections ?? []).map(section), translations: pageNames(c.name, c.name) });
    return;
  }
  const elements = [];
  for (const e of c.elements) {
    const page = await insertPage(tx, { ...base, id: newId(), categoryId: null, sections: e.sections.map(section), translations: pageNames(e.text, c.name) });
    elements.push({ icon: e.icon, page: page.id, translations: tr('text', e.text) });
  }
  await insertList(tx, { id: newId(), categoryId: cat.id, cover: null, elements, translations: names, createdTime: now, editedTime: now });
}
