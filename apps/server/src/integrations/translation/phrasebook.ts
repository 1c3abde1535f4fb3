import type { Lang } from '@campsite/shared';

// The stand-in's words (simulator.ts): deterministic, readable enough for the demo and the journeys, and
// never mistaken for a real translation. A sentence of the phrase book comes back translated; any other
// comes back as it is, behind the target language's tag ('[FR] Guten Tag'). The language of a text is
// guessed from its most frequent small words, as a detector does, and ties go to the earlier language.

/** Sentences in the seven languages, one row per meaning (the demo's and the journeys' sentences). */
const ROWS: Record<Lang, string>[] = [
  {
    fr: 'Bonjour, notre bouteille de gaz est vide.',
    en: 'Hello, our gas bottle is empty.',
    de: 'Guten Tag, unsere Gasflasche ist leer.',
    nl: 'Goedendag, onze gasfles is leeg.',
    it: 'Buongiorno, la nostra bombola del gas è vuota.',
    es: 'Buenos días, nuestra bombona de gas está vacía.',
    pt: 'Bom dia, a nossa botija de gás está vazia.',
  },
  {
    fr: 'Pouvez-vous nous en apporter une nouvelle ?',
    en: 'Can you bring us a new one?',
    de: 'Können Sie uns eine neue bringen?',
    nl: 'Kunt u ons een nieuwe brengen?',
    it: 'Può portarcene una nuova?',
    es: '¿Puede traernos una nueva?',
    pt: 'Pode trazer-nos uma nova?',
  },
  {
    fr: 'Nous arrivons dans dix minutes avec une bouteille pleine.',
    en: 'We will be there in ten minutes with a full bottle.',
    de: 'Wir kommen in zehn Minuten mit einer vollen Flasche.',
    nl: 'We komen over tien minuten met een volle fles.',
    it: 'Arriviamo tra dieci minuti con una bombola piena.',
    es: 'Llegamos en diez minutos con una bombona llena.',
    pt: 'Chegamos dentro de dez minutos com uma botija cheia.',
  },
  {
    fr: 'Merci beaucoup !',
    en: 'Thank you very much!',
    de: 'Vielen Dank!',
    nl: 'Hartelijk dank!',
    it: 'Grazie mille!',
    es: '¡Muchas gracias!',
    pt: 'Muito obrigado!',
  },
  {
    fr: 'Le wifi ne fonctionne pas dans notre mobil-home.',
    en: 'The wifi does not work in our mobile home.',
    de: 'Das WLAN funktioniert in unserem Mobilheim nicht.',
    nl: 'De wifi werkt niet in onze stacaravan.',
    it: 'Il wifi non funziona nella nostra casa mobile.',
    es: 'El wifi no funciona en nuestra casa móvil.',
    pt: 'O wifi não funciona na nossa casa móvel.',
  },
];

/** Small words that say a language (lower case, without punctuation). */
const MARKERS: Record<Lang, string[]> = {
  fr: ['le', 'la', 'les', 'est', 'et', 'nous', 'vous', 'pas', 'une', 'des', 'bonjour', 'merci', 'avec', 'pour', 'notre', 'dans'],
  en: ['the', 'is', 'and', 'we', 'you', 'our', 'not', 'hello', 'thank', 'please', 'with', 'for', 'can', 'does'],
  de: ['der', 'die', 'das', 'ist', 'und', 'wir', 'sie', 'nicht', 'unsere', 'unser', 'guten', 'tag', 'danke', 'bitte', 'mit', 'ein', 'eine', 'können'],
  nl: ['de', 'het', 'een', 'is', 'en', 'wij', 'we', 'onze', 'niet', 'goedendag', 'dank', 'met', 'kunt', 'werkt'],
  it: ['il', 'la', 'è', 'e', 'noi', 'nostra', 'non', 'buongiorno', 'grazie', 'con', 'una', 'per', 'può'],
  es: ['el', 'la', 'es', 'y', 'nosotros', 'nuestra', 'no', 'buenos', 'días', 'gracias', 'con', 'una', 'está', 'puede'],
  pt: ['o', 'a', 'é', 'e', 'nós', 'nossa', 'não', 'bom', 'dia', 'obrigado', 'com', 'uma', 'está', 'pode'],
};

const LANG_ORDER = Object.keys(MARKERS) as Lang[];
const fold = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** The language whose small words a text holds most (French when none: the establishment's). */
export function detect(text: string): Lang {
  const exact = ROWS.flatMap((row) => LANG_ORDER.filter((l) => fold(row[l]) === fold(text)));
  if (exact.length) return exact[0];
  const words = text.toLowerCase().split(/[^\p{L}]+/u).filter(Boolean);
  let best: Lang = 'fr';
  let score = 0;
  for (const lang of LANG_ORDER) {
    const n = words.filter((w) => MARKERS[lang].includes(w)).length;
    if (n > score) [best, score] = [lang, n];
  }
  return best;
}

/** A sentence of the phrase book in `target`, or null. */
function known(text: string, target: Lang): string | null {
  for (const row of ROWS) if (LANG_ORDER.some((l) => fold(row[l]) === fold(text))) return row[target];
  return null;
}

/**
 * A text in `target`, sentence by sentence (line breaks kept): the phrase book's sentences translated, the
 * others as they are; a text with none of them comes back whole behind the target's tag ('[FR] …').
 */
export function translateText(text: string, target: Lang): string {
  let found = false;
  const out = text
    .split('\n')
    .map((line) =>
      line
        .split(/(?<=[.!?])\s+/)
        .map((s) => {
          const t = s.trim() ? known(s, target) : null;
          if (t !== null) found = true;
          return t ?? s;
        })
        .join(' '),
    )
    .join('\n');
  return found ? out : `[${target.toUpperCase()}] ${text}`;
}
