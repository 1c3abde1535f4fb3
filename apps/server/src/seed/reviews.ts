import { and, lt } from 'drizzle-orm';
import { LANGS, type Lang } from '@campsite/shared';
import { reviewInvitations, reviewModels, reviewSettings, stays, webappUsers, type ReviewQuestionRow } from '../db/schema';
import { newId } from '../lib/ids';
import { randomBytes } from 'node:crypto';
import { localMidnight } from '../modules/reviews/guest.service';
import { departureMoment } from '../modules/reviews/invite.run';
import { insertReview } from '../modules/reviews/reviews.repository';
import type { SeedContext } from './context';

type Texts = Record<Lang, string>;
const all = (fr: string, en: string, de: string, nl: string, it: string, es: string, pt: string): Texts => ({ fr, en, de, nl, it, es, pt });

const MODEL = {
  title: all('Votre avis compte', 'Your opinion matters', 'Ihre Meinung zählt', 'Uw mening telt', 'La sua opinione conta', 'Su opinión cuenta', 'A sua opinião conta'),
  introduction: all(
    'Merci de prendre deux minutes pour nous dire comment s’est passé votre séjour.',
    'Please take two minutes to tell us how your stay went.',
    'Bitte nehmen Sie sich zwei Minuten Zeit, um uns von Ihrem Aufenthalt zu erzählen.',
    'Neem twee minuten de tijd om ons te vertellen hoe uw verblijf was.',
    'Ci dedichi due minuti per raccontarci com’è andato il suo soggiorno.',
    'Dedíquenos dos minutos para contarnos qué tal fue su estancia.',
    'Dedique-nos dois minutos para nos contar como correu a sua estadia.',
  ),
  notification_title: all('Votre avis nous intéresse', 'We value your feedback', 'Ihre Meinung ist uns wichtig', 'Wij horen graag uw mening', 'La sua opinione ci interessa', 'Su opinión nos interesa', 'A sua opinião interessa-nos'),
  notification_content: all(
    'Comment s’est passé votre séjour au camping ? Dites-le-nous en deux minutes.',
    'How was your stay at the campsite? Tell us in two minutes.',
    'Wie war Ihr Aufenthalt auf dem Campingplatz? Sagen Sie es uns in zwei Minuten.',
    'Hoe was uw verblijf op de camping? Vertel het ons in twee minuten.',
    'Com’è andato il soggiorno al campeggio? Ce lo dica in due minuti.',
    '¿Qué tal su estancia en el camping? Cuéntenoslo en dos minutos.',
    'Como correu a estadia no parque de campismo? Conte-nos em dois minutos.',
  ),
};
const QUESTIONS: { type: ReviewQuestionRow['type']; mandatory: boolean; title: Texts; choices?: Texts }[] = [
  { type: 'notation', mandatory: true, title: all('Note globale du séjour', 'Overall rating of your stay', 'Gesamtnote Ihres Aufenthalts', 'Totaalcijfer voor uw verblijf', 'Voto complessivo del soggiorno', 'Nota global de la estancia', 'Nota global da estadia') },
  { type: 'notation', mandatory: false, title: all('Propreté des sanitaires', 'Cleanliness of the toilets', 'Sauberkeit der Sanitäranlagen', 'Netheid van het sanitair', 'Pulizia dei servizi', 'Limpieza de los aseos', 'Limpeza dos sanitários') },
  {
    type: 'select',
    mandatory: true,
    title: all('Reviendrez-vous ?', 'Will you come back?', 'Kommen Sie wieder?', 'Komt u terug?', 'Tornerà?', '¿Volverá?', 'Vai voltar?'),
    choices: all('Oui,Peut-être,Non', 'Yes,Maybe,No', 'Ja,Vielleicht,Nein', 'Ja,Misschien,Nee', 'Sì,Forse,No', 'Sí,Quizás,No', 'Sim,Talvez,Não'),
  },
  { type: 'text', mandatory: false, title: all('Un mot pour l’équipe ?', 'A word for the team?', 'Ein Wort an das Team?', 'Een woord voor het team?', 'Una parola per lo staff?', '¿Unas palabras para el equipo?', 'Uma palavra para a equipa?') },
];
const COMMENTS: Partial<Record<Lang, string[]>> = {
  fr: ['Piscine superbe, les enfants ont adoré !', 'Accueil très chaleureux, merci à toute l’équipe.', 'Emplacement un peu bruyant le soir.', 'Sanitaires pas toujours propres en fin de journée.', 'Le marché du mardi, un vrai plus.'],
  en: ['Lovely pool and friendly staff.', 'Great stay, we will be back next summer.', 'The Wi-Fi was weak near our pitch.'],
  de: ['Sehr sauber und ruhig, gerne wieder.', 'Der Pool war toll, das Brot morgens auch.'],
  nl: ['Prima camping, leuke animatie voor de kinderen.', 'Het sanitair kon schoner.'],
  it: ['Personale gentilissimo, torneremo!'],
  es: ['Muy buen ambiente, la piscina genial.'],
};

/** A small deterministic generator: the same demo on every machine. */
function random(seed: number) {
  let s = seed;
  const next = () => {
    s = (s * 1664525 + 1013904223) % 2 ** 32;
    return s / 2 ** 32;
  };
  return { int: (n: number) => Math.floor(next() * n), chance: (p: number) => next() < p };
}

/**
 * The demo's questionnaire sent at the end of stays (a question of each type, seven languages, sent the
 * day after departure) and 150 answers over the season: the guests of stays already over, each answered
 * between their departure and three days after (scores mostly good, some low), as the invitations would
 * have recorded them.
 */
export async function seedReviews({ tx, deps, adminId, now }: SeedContext) {
  const tz = deps.env.TIME_ZONE;
  const r = random(24);
  const questions: ReviewQuestionRow[] = QUESTIONS.map((q) => ({
    _id: newId(),
    type: q.type,
    mandatory: q.mandatory,
    translations: LANGS.map((lang) => ({ lang, title: q.title[lang], select_list: q.choices?.[lang] ?? '' })),
  }));
  const modelId = newId();
  const season = now - 120 * 86400;
  await tx.insert(reviewModels).values({
    id: modelId,
    name: 'Fin de séjour',
    type: 'global',
    notificationTime: 86400,
    questions,
    translations: LANGS.map((lang) => ({ lang, title: MODEL.title[lang], introduction: MODEL.introduction[lang], notification_title: MODEL.notification_title[lang], notification_content: MODEL.notification_content[lang] })),
    userId: adminId,
    createdTime: season,
    editedTime: season,
    // switched on when the demo is made: its first start sends no invitation for stays that ended before
    enabledTime: now,
  });
  await tx.insert(reviewSettings).values({ id: 1, secret: randomBytes(32).toString('base64url'), publicLink: 'https://g.page/r/camping-des-pins/review', publicLinkLabel: 'Google', alertThreshold: 2 }).onConflictDoNothing();

  const past = await tx.select().from(stays).where(and(lt(stays.departure, now - 2 * 86400))).orderBy(stays.departure);
  const accounts = await tx.select({ id: webappUsers.id, clientNumber: webappUsers.clientNumber, langage: webappUsers.langage, email: webappUsers.email }).from(webappUsers);
  // every guest of every stay over: the client file, and the accounts of the client
  const guests = past.flatMap((s) => [
    { stay: s, guest: `client:${s.clientNumber}`, userId: null as string | null, lang: 'fr' },
    ...accounts.filter((a) => a.clientNumber === s.clientNumber).map((a) => ({ stay: s, guest: a.id, userId: a.id as string | null, lang: a.langage ?? 'fr' })),
  ]);
  const chosen = guests.filter((_, i) => i % Math.max(1, Math.floor(guests.length / 150)) === 0).slice(0, 150);
  for (const g of chosen) {
    const end = departureMoment(g.stay.departure, g.stay.departureTime, tz);
    const completed = Math.min(now - 3600, end + 86400 + r.int(2 * 86400));
    const lang = (LANGS as readonly string[]).includes(g.lang) ? (g.lang as Lang) : 'fr';
    const overall = r.chance(0.12) ? 1 + r.int(2) : 3 + r.int(3);
    const clean = r.chance(0.2) ? null : Math.max(1, Math.min(5, overall + r.int(3) - 1));
    const comments = COMMENTS[lang] ?? COMMENTS.en!;
    const text = r.chance(0.6) ? comments[r.int(comments.length)] : null;
    const answers = [overall, clean, overall >= 4 ? 0 : overall === 3 ? 1 : 2, text];
    const scores = [overall, clean].filter((n): n is number => n !== null);
    const invitation = newId();
    const id = newId();
    await tx.insert(reviewInvitations).values({
      id: invitation, modelId, stayNumber: g.stay.stayNumber, guest: g.guest, userId: g.userId, clientNumber: g.stay.clientNumber, email: null, lang,
      dueTime: end + 86400, expiresAt: end + 31 * 86400, createdTime: end + 86400, sentTime: end + 86400, channel: g.userId ? 'push' : 'email', answeredTime: completed,
    });
    await insertReview(
      tx,
      {
        id, invitationId: invitation, modelId, modelName: 'Fin de séjour', type: 'global', stayNumber: g.stay.stayNumber, userId: g.userId, clientNumber: g.stay.clientNumber,
        lang, completed, score: Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100, answers,
      },
      questions,
      answers,
      localMidnight(completed, tz),
    );
  }
}
