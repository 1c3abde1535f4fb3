import { zonedTimeToEpoch, epochToZoned, type Lang, type NotificationTranslation, type Redirect } from '@campsite/shared';
import { bookletCategories, notificationDeliveries, notificationSends } from '../db/schema';
import { newId } from '../lib/ids';
import { insertTemplate } from '../modules/notifications/notifications.repository';
import { planSend } from '../modules/notifications/notifications.service';
import type { SeedContext } from './context';

type Texts = Record<'fr' | 'en' | 'de' | 'nl', [string, string]>;
const tr = (t: Texts): NotificationTranslation[] => (Object.entries(t) as [Lang, [string, string]][]).map(([lang, [title, content]]) => ({ lang, title, content }));

const MARKET: Texts = {
  fr: ['Marché nocturne ce soir', 'Producteurs locaux sur la place du camping, de 18 h à 22 h.'],
  en: ['Night market tonight', 'Local producers on the campsite square, 6 pm to 10 pm.'],
  de: ['Nachtmarkt heute Abend', 'Regionale Erzeuger auf dem Platz des Campings, 18 bis 22 Uhr.'],
  nl: ['Avondmarkt vanavond', 'Lokale producenten op het campingplein, van 18.00 tot 22.00 uur.'],
};
const POOL: Texts = {
  fr: ['La piscine est ouverte', "L'eau est à 27 °C : bonne baignade !"],
  en: ['The pool is open', 'The water is 27 °C: enjoy your swim!'],
  de: ['Das Schwimmbad ist geöffnet', 'Das Wasser hat 27 °C: viel Spaß beim Baden!'],
  nl: ['Het zwembad is open', 'Het water is 27 °C: veel zwemplezier!'],
};
const STORM: Texts = {
  fr: ['Alerte orage', 'Orages attendus cet après-midi : rangez auvents et parasols.'],
  en: ['Storm warning', 'Storms expected this afternoon: please fold awnings and parasols.'],
  de: ['Unwetterwarnung', 'Heute Nachmittag werden Gewitter erwartet: bitte Markisen und Schirme einklappen.'],
  nl: ['Onweerswaarschuwing', "Vanmiddag wordt onweer verwacht: klap luifels en parasols in."],
};
const WELCOME: Texts = {
  fr: ['Bienvenue au camping !', "Retrouvez le plan, le Wi-Fi et les horaires dans l'application."],
  en: ['Welcome to the campsite!', 'Find the map, the Wi-Fi and the opening hours in the app.'],
  de: ['Willkommen auf dem Campingplatz!', 'Lageplan, WLAN und Öffnungszeiten finden Sie in der App.'],
  nl: ['Welkom op de camping!', 'Vind de plattegrond, de wifi en de openingstijden in de app.'],
};

/**
 * Demo notifications (issue 21): three templates, a send of last week with its figures (devices targeted,
 * delivered, failed, opened; its devices are records only, nothing is pushed) and one scheduled in two
 * days at 10:00 (a real plan job, cancellable on the screen).
 */
export async function seedNotifications({ tx, deps, adminId, now }: SeedContext) {
  const pool = (await tx.select({ id: bookletCategories.id, translations: bookletCategories.translations }).from(bookletCategories)).find((c) =>
    c.translations.some((t) => t.lang === 'fr' && t.name === 'Piscine'),
  );
  const poolPage: Redirect = pool ? { type: 'category', id: pool.id } : { type: 'home' };
  const templates: [string, Texts, Redirect][] = [
    ['Marché nocturne', MARKET, { type: 'animations' }],
    ['Ouverture piscine', POOL, poolPage],
    ['Alerte météo', STORM, { type: 'home' }],
  ];
  for (const [name, texts, redirect] of templates) {
    await insertTemplate(tx, { id: newId(), name, redirect, translations: tr(texts), userId: adminId, createdTime: now - 20 * 86400, editedTime: now - 20 * 86400 });
  }

  // last week at 09:30 in the establishment's zone: 64 devices, 58 delivered (23 opened), 6 failed
  const tz = deps.env.TIME_ZONE;
  const p = epochToZoned(now - 7 * 86400, tz);
  const sentAt = zonedTimeToEpoch(p.year, p.month, p.day, 9, 30, tz);
  const sendId = newId();
  await tx.insert(notificationSends).values({
    id: sendId, kind: 'now', status: 'sent', translations: tr(WELCOME), redirect: { type: 'home' }, target: { kind: 'all' }, template: null, quiet: false,
    sendTime: sentAt, waitingUntil: null, targeted: 64, userId: adminId, sentTime: sentAt, createdTime: sentAt, updatedTime: sentAt + 40,
  });
  const langs = ['fr', 'fr', 'fr', 'en', 'de', 'nl'];
  await tx.insert(notificationDeliveries).values(
    Array.from({ length: 64 }, (_, i) => ({
      sendId,
      position: i,
      subscriptionId: `demo-${i}`,
      userId: null,
      endpoint: `https://fcm.googleapis.com/fcm/send/demo-${i}`,
      keys: { p256dh: 'demo', auth: 'demo' },
      lang: langs[i % langs.length],
      status: i < 58 ? ('delivered' as const) : ('failed' as const),
      error: i < 58 ? null : 'push service answered 400',
      deliveredTime: i < 58 ? sentAt + 2 + (i % 30) : null,
      openedTime: i < 23 ? sentAt + 300 + i * 97 : null,
    })),
  );

  // in two days at 10:00: the market, to everyone (the devices are found when it goes out)
  const d = epochToZoned(now + 2 * 86400, tz);
  await planSend(deps, tx, { kind: 'scheduled', translations: tr(MARKET), redirect: { type: 'animations' }, target: { kind: 'all' }, sendTime: zonedTimeToEpoch(d.year, d.month, d.day, 10, 0, tz), quiet: true, userId: adminId });
}
