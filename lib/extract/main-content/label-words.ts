import { headingPhrase, phrases } from './section-words.js';

/** The whole text of a short element that is a label of the page, not a line of the article. */
const FURNITURE_LINE = phrases(String.raw`
  // en
  advertisements? | sponsored(?: content)? | ad | skip advertisement | advertisement scroll to continue
  read more | continue reading(?: the main story| below)? | read next | see also
  click to (?:expand|shrink|collapse) | (?:show|see|view) (?:more|less) | (?:toggle|hide|show) caption
  enlarge this image
  related(?: articles| stories| content| coverage)? | share(?: this(?: article| story| post| page)?)?
  share on \w+ | follow us(?: on .{1,30})? | sign up | subscribe(?: now)? | click here to subscribe
  skip to (?:main )?content | loading | scroll to continue(?: with content)?
  (?:story|article) continues (?:below|after advertisement)(?: advertisement)?
  this article is more than \d+ \w+ old | back(?: to top)? | top
  print(?:er[- ]friendly)?(?: version| this(?: article| page| story)?)? | druckversion
  version imprimable | versión para imprimir | versione stampabile | email | tweet | pin it
  \d+ likes? | like this | wrote(?: on)? | op | original poster | op posts | (?:\d+|no) (?:comments?|responses?|replies)(?: yet)? | leave a (?:comment|reply)
  donate(?: now| here)? | (?:jetzt )?spenden | faire un don | dona(?: aquí| ahora)?
  doa(?:r|e)(?: agora)? | log ?in | log ?out | sign ?in | sign ?out | register | lost your password
  forgot (?:your )?password | einloggen | registrieren | passwort vergessen | connexion | s'inscrire
  iniciar sesión | registrarse | accedi | registrati | updated | enlarge | zoom | expand
  permalink | permalien | enlace permanente | link permanente | last (?:modified|updated)(?: on)?
  zuletzt (?:aktualisiert|geändert)(?: am)? | dernière mise à jour | última actualización
  download(?: (?:this|the) (?:article|page|transcript|script))?(?: as)? pdf | télécharger (?:le |en )?pdf
  (?:(?:dieses?|den|das) \w+ )?als pdf (?:herunterladen|downloaden)
  // de
  anzeige | werbung | weiterlesen | zurück(?: zu[mr]? .{1,30})? | (?:geschrieben|verfasst|erstellt) von
  written by | posted by | autor(?:in|en)? | authors? | bildnachweise? | bildquellen?
  (?:photo|image) credits? | crédits? photos? | tags | schlagwörter | stichwörter | nach oben | drucken
  (?:artikel )?teilen | (?:jetzt )?abonnieren | mehr lesen | vergrößern | bild vergrößern
  // fr
  publicité | lire la suite | retour(?: en haut)? | partager | imprimer | s'abonner | agrandir
  // es
  publicidad | leer más | seguir leyendo | volver(?: arriba)? | compartir | imprimir | suscríbete
  // it
  pubblicità | leggi (?:di più|tutto) | continua a leggere | torna (?:su|indietro) | condividi | stampa
  // pt
  publicidade | continue lendo | voltar | compartilhe? | partilhar
  // nl, ru, pl
  advertentie | lees verder | terug | delen | реклама | читать далее | назад | поделиться | reklama
  czytaj dalej | wróć | udostępnij
`);

/** "Foto: dpa", "(Photo: Reuters)", "Bild: Werk/Müller", "© AFP": who took the picture. */
const CREDIT_LINE =
  /^\(?\s*(?:fotos?|photos?|photograph|picture|bild(?:er)?|image|imagen(?:es)?|credits?|crédits?|crédito|quelle|source|fuente|fonte|illustration|grafik|copyright)\s*(?::|©|\/|\.\.\.|…)|^\(?\s*©|^[\s\p{P}]*(?:all |alle )?(?:photos|pictures|images|bilder|fotos) (?:by|von|de|di|door)\s|^copyright\s+(?:©\s*)?\d{4}|^courtesy(?: of)?\s|^(?:photo|image) credits?\s*:|^[^.!?]{0,60}[/|]\s*(?:getty images|reuters|afp|epa|dpa|ap(?: photo)?|associated press|shutterstock|istock(?:photo)?|alamy|unsplash|pexels|imago|picture alliance|bloomberg|corbis)\b[^.!?]{0,30}$/iu;

/**
 * "Last updated on September 16th, 2023 at 09:27 am", "This post was last updated July 2021.",
 * "Last reviewed January 2023", and a Q&A post's stamp "asked Mar 28, 2014 at 11:38": when the page
 * or post changed, a date and nothing else after it.
 */
const UPDATED_LINE =
  /^(?:this (?:post|article|page|story|guide) was )?(?:last |originally )?(?:updated|modified|reviewed|published|posted|asked|answered|edited)(?: on| at)?\s*:?\s*(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]{0,6}\b\.?|\d{1,2}(?:st|nd|rd|th)?\b|[\s,./-])*\b(?:19|20)\d\d\b(?:,? (?:at )?\d{1,2}[:.]\d{2}(?: ?[ap]\.?m\.?)?)?\.?$/iu;

/** Tested only on lines that mention a reservation at all: unanchored, it scans every position. */
const RIGHTS_RESERVED =
  /\b(?:all rights reserved|alle rechte vorbehalten|tous droits réservés|todos los derechos reservados|tutti i diritti riservati)\b/iu;
const MIGHT_RESERVE = /reserv|vorbehalten|réservés|riservati/i;

/** "ANZEIGE - …", "Advertisement: …": a label that says the rest is someone else's message. */
const AD_LABEL =
  /^(?:anzeige|werbung|advertisement|publicidad|publicité|pubblicità|publicidade|reklame|sponsored)\s*[-–—:|]/iu;

/** "5 min read", "Lesedauer ca. 7 Minuten", "Temps de lecture : 3 min". */
export const READING_TIME =
  /\b\d+\s*(?:min(?:ute)?s?|minuten|minutos|minuti)\.?\s*(?:read|lesezeit|lesedauer|de lecture|de lectura|de leitura|di lettura)\b|\b(?:lesezeit|lesedauer|reading time|read time|temps de lecture|tiempo de lectura|tempo de leitura|tempo di lettura)\b/iu;

/** Credits and advertising labels run longer than the one- or two-word labels. */
export const MAX_FURNITURE_LINE_CHARS = 100;

export function isCreditLine(text: string): boolean {
  return CREDIT_LINE.test(text);
}

/** The longest furniture label, in words: anything longer is not worth normalising. */
const MAX_LABEL_WORDS = 6;

export function isFurnitureLine(text: string): boolean {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  if (!trimmed || trimmed.length > MAX_FURNITURE_LINE_CHARS) return false;
  if (CREDIT_LINE.test(trimmed) || AD_LABEL.test(trimmed)) return true;
  if (MIGHT_RESERVE.test(trimmed) && RIGHTS_RESERVED.test(trimmed)) return true;
  if (trimmed.length <= 40 && READING_TIME.test(trimmed)) return true;
  if (UPDATED_LINE.test(trimmed)) return true;
  if (trimmed.length > 60 || trimmed.split(' ', MAX_LABEL_WORDS + 1).length > MAX_LABEL_WORDS) return false;
  return FURNITURE_LINE.test(headingPhrase(trimmed));
}
