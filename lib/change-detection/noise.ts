/**
 * Noise control of a target: what is taken out of the captured lines before they are hashed and
 * diffed, so timestamps and counters that change on every visit are not reported as changes.
 * `ignorePatterns` drop whole lines (the caller's expressions, run on a linear-time engine);
 * `ignoreDates` masks dates, times, relative times and common counters in place, in the languages
 * the extractor knows best (en, de, fr, es, it, pt, nl), keeping the rest of the line comparable.
 */
export interface NoiseRules {
  /**
   * Lines any of these match are left out. Compiled by the caller (the monitors run them on RE2),
   * so the core, which track_changes carries too, does not bundle a regular-expression engine.
   */
  ignorePatterns?: readonly LineMatcher[];
  ignoreDates?: boolean;
}

export interface LineMatcher {
  test(line: string): boolean;
}

const MONTHS = [
  // en
  'jan(?:uary)?',
  'feb(?:ruary)?',
  'mar(?:ch)?',
  'apr(?:il)?',
  'may',
  'june?',
  'july?',
  'aug(?:ust)?',
  'sep(?:t(?:ember)?)?',
  'oct(?:ober)?',
  'nov(?:ember)?',
  'dec(?:ember)?',
  // de, nl
  'januar',
  'februar',
  'märz',
  'mai',
  'juni',
  'juli',
  'oktober',
  'dezember',
  'januari',
  'februari',
  'maart',
  'mei',
  'augustus',
  // fr
  'janvier',
  'février',
  'mars',
  'avril',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
  // es, pt
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
  'janeiro',
  'fevereiro',
  'março',
  'maio',
  'junho',
  'julho',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
  // it
  'gennaio',
  'febbraio',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'settembre',
  'ottobre',
  'dicembre',
].join('|');

const UNITS = [
  'seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?',
  'sekunden?|minuten?|stunden?|tagen?|wochen?|monaten?|jahren?',
  'secondes?|heures?|jours?|semaines?|mois|ans?|années?',
  'segundos?|minutos?|horas?|días?|dias?|semanas?|meses|mes|años?|anos?',
  'secondi|minuti|ore|ora|giorni|giorno|settimane?|mesi|mese|anni|anno',
  'seconden|minuten|uur|uren|dagen|dag|weken|week|maanden|maand|jaren|jaar',
].join('|');

const COUNTED = [
  'views?|likes?|comments?|replies|reply|shares?|followers?|subscribers?|reviews?|ratings?|votes?|reads?|downloads?|watching|sold|stars?',
  'aufrufe|kommentare?|bewertungen|abonnenten|gefällt mir',
  "vues|commentaires?|abonnés|avis|j’aime|j'aime",
  'visualizaciones|vistas|comentarios?|seguidores|reseñas|me gusta|visualizações|comentários',
  'visualizzazioni|commenti|follower|recensioni|mi piace',
  'weergaven|reacties|volgers|beoordelingen',
].join('|');

const NUMBER = String.raw`\d[\d.,\u00a0\u202f ]*\d|\d`;

/** Masks in the order applied: longer forms first, so "5 March 2024, 10:30" becomes one date and one time. */
const MASKS: Array<[RegExp, string]> = [
  // 2024-03-05, 2024-03-05T10:30:00Z
  [/\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b/giu, '<date>'],
  // 05/03/2024, 5.3.24, 3-5-2024
  [/\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b/gu, '<date>'],
  // 5 March 2024, 5. März 2024, 5 de marzo de 2024, March 5, 2024
  [
    new RegExp(String.raw`\b\d{1,2}\.?\s(?:de\s)?(?:${MONTHS})\.?(?:\s(?:de\s)?\d{4})?(?![\p{L}])`, 'giu'),
    '<date>',
  ],
  [
    new RegExp(String.raw`(?<![\p{L}])(?:${MONTHS})\.?\s\d{1,2}(?:st|nd|rd|th)?,?(?:\s\d{4})?\b`, 'giu'),
    '<date>',
  ],
  // 10:30, 10:30:15, 10:30 pm
  [/\b\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?m\.?)?(?![\p{L}])/giu, '<time>'],
  [/\b\d{1,2}\s?[ap]\.?m\.?(?![\p{L}])/giu, '<time>'],
  // 3 minutes ago, vor 2 Stunden, il y a 3 heures, hace 2 horas, há 2 dias, 2 ore fa, 2 uur geleden
  [
    new RegExp(
      String.raw`(?:\b(?:vor|il y a|hace|há|ha)\s)?\b(?:${NUMBER}|an?|one|un|une|ein|eine|einem|einer)\s(?:${UNITS})(?:\s(?:ago|fa|geleden|atrás))?(?![\p{L}])`,
      'giu',
    ),
    '<ago>',
  ],
  [
    /(?<![\p{L}])(?:just now|yesterday|today|gerade eben|gestern|heute|à l'instant|hier|aujourd'hui|ayer|hoy|ontem|hoje|ieri|oggi|gisteren|vandaag)(?![\p{L}])/giu,
    '<ago>',
  ],
  // 1,234 views, 1.2K likes, 12k Aufrufe
  [
    new RegExp(String.raw`\b(?:${NUMBER})(?:\s?[kmb]|\s?mio\.?|\s?mil)?\s(?:${COUNTED})(?![\p{L}])`, 'giu'),
    '<count>',
  ],
];

export function maskDates(line: string): string {
  let masked = line;
  for (const [pattern, token] of MASKS) masked = masked.replace(pattern, token);
  return masked;
}

/** The lines that are compared: ignored lines left out, dates and counters masked. */
export function withoutNoise(lines: readonly string[], rules: NoiseRules | undefined): string[] {
  const patterns = rules?.ignorePatterns ?? [];
  const kept: string[] = [];
  for (const line of lines) {
    if (patterns.some((pattern) => pattern.test(line))) continue;
    kept.push(rules?.ignoreDates ? maskDates(line) : line);
  }
  return kept;
}
