/*
 * Words publishers put on the furniture itself, across the languages the service meets most (en, de,
 * fr, es, it, pt, nl, ru, pl, sv, da). Class names are often generated or meaningless ("css-1x2y3"),
 * but the heading a reader sees over a teaser wall or a comment thread says what follows in plain
 * words, and CMS themes translate these few phrases rather than invent new ones.
 */

/**
 * Phrases written one or more to a line, `|` between them (each a regular expression), `//` lines
 * naming the language: compiled to one expression matching a whole text.
 */
export function phrases(list: string): RegExp {
  const alternatives = list
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('//'))
    .flatMap((line) => line.split(' | '));
  return new RegExp(`^(?:${alternatives.join('|')})$`, 'u');
}

/** What a boilerplate heading announces: the two differ in what may follow them inside an article. */
export type SectionKind = 'related' | 'comments';

const RELATED_HEADING = phrases(String.raw`
  // en
  related
  related (?:articles?|posts?|stories|story|content|news|links|reading|topics|coverage|videos?|items|products|recipes|pages)
  more (?:from .{1,40}|like this|stories(?: .{1,40})?|news|articles|headlines|to (?:read|explore)|on this (?:story|topic))
  you (?:may|might|will|could) (?:also )?(?:like|enjoy|be interested in|also like)(?: this| these)?
  recommended(?: for you| reading| articles| stories| posts| videos)? | we recommend | recommendations?
  read (?:more|next|also|this next|on) | also read | what to read next | keep reading | further reading
  up next | next up | don'?t miss(?: this)? | see also | other (?:articles|stories|posts|news)
  similar (?:articles|posts|stories|recipes|products|items) | also (?:on|in) .{1,30}
  most (?:popular|read|viewed|shared|commented)(?: (?:posts|articles|stories|now|today|this week))?
  popular (?:posts|articles|stories|now|today|this week) | trending(?: now| stories| articles)?
  (?:latest|recent|newest) (?:news|posts|articles|stories|headlines) | top stories | editor.?s picks
  in (?:this|other) news | explore more | discover more | new and exciting .{0,50}
  sponsored(?: content| stories)? | from (?:our|the) partners? | around the web
  // The boxes a theme closes an article with: author, newsletter, sharing, topics.
  about the authors? | (?:the )?authors? | more (?:by|from) (?:this|the) author
  (?:sign up|subscribe) (?:for|to) .{0,50} | (?:get|join) (?:our|the) .{0,30}newsletter.{0,30}
  (?:our |the )?(?:\w+ )?newsletters? | share(?: this(?: article| story| post| page)?)?(?: on .{1,20})?
  spread the word | (?:tags|topics|tagged|tagged with|filed under|categories|related topics)
  // Tables of contents: the list under them repeats the article's own headings.
  (?:table of )?contents | in (?:this|the) (?:article|post|story|guide) | on this page | jump to
  inhalt(?:sverzeichnis)? | in diesem (?:artikel|beitrag) | auf dieser seite | sommaire
  dans cet article | índice(?: de contenidos)? | en este artículo | indice(?: dei contenuti)?
  in questo articolo | neste artigo | inhoud(?:sopgave)? | in dit artikel | содержание | spis treści
  // de, fr, es, it, pt, nl
  (?:über|zum) (?:den |die )?autor(?:in|en)? | (?:à propos de l.)?auteure? | sobre (?:el|la|o|a) autora?
  (?:sull.)?autore | over de auteur | (?:unser(?:en)? )?newsletter(?: abonnieren)?
  (?:jetzt )?(?:kostenlos )?(?:zum newsletter )?(?:anmelden|abonnieren)
  inscrivez-vous(?: à (?:notre|la) newsletter)? | suscr[ií]bete(?: a .{1,40})?
  iscriviti(?: alla newsletter)? | assine (?:a|nossa) newsletter
  (?:diesen )?(?:artikel|beitrag) teilen | teilen | partager(?: cet article)?
  compartir(?: este artículo)? | condividi(?: questo articolo)? | compartilhe(?: este artigo)? | delen
  (?:schlagwörter|stichwörter|themen|mots-clés|mots clés|etiquetas|tag|temas|argomenti|assuntos|onderwerpen)
  // de
  mehr (?:zum thema(?: .{1,40})?|aus .{1,40}|von .{1,40}|dazu|lesen|artikel|nachrichten|news|beiträge)
  weitere (?:artikel|beiträge|nachrichten|meldungen|themen|news|rezepte|videos|produkte|links)(?: .{0,30})?
  das (?:thema )?könnte (?:sie|dich) (?:auch )?interessieren
  das interessiert (?:sie|dich) (?:vielleicht )?auch | auch interessant | ebenfalls interessant
  lesen sie (?:auch|mehr|weiter|hier)(?: (?:die|den|das|unsere?n?) .{1,40})? | lies auch | siehe auch
  ähnliche (?:artikel|beiträge|themen|rezepte|produkte) | verwandte (?:artikel|beiträge|themen)
  passend zum thema | zum thema | empfehlungen(?: .{0,50})? | unsere empfehlungen? | empfohlene artikel
  meistgelesen(?:e(?: artikel)?)? | am meisten gelesen | neueste beiträge | neueste artikel
  aktuelle beiträge | beliebte (?:beiträge|artikel) | top-?artikel | entdecken sie(?: jetzt| mehr)?
  sie wollen mehr(?: von uns)? | vorschau auf (?:den|die) nächsten? .{0,30} | nächster artikel
  vorheriger artikel | nächster beitrag | vorheriger beitrag
  das könnte (?:sie|dich) auch interessieren | anzeige | weiterlesen
  // fr
  (?:à )?lire aussi | (?:à )?lire (?:également|ensuite|la suite) | voir aussi
  sur le même (?:sujet|thème) | vous aimerez (?:peut-être )?aussi | vous (?:pourriez|pouvez) aussi aimer
  articles? (?:similaires|liés|connexes|recommandés) | dans la même rubrique
  les plus (?:lus|populaires|partagés) | à découvrir(?: aussi)? | à voir aussi
  nos (?:articles|recommandations) | sur le même sujet
  // es
  lea (?:también|más|además) | lee (?:también|más) | (?:también )?(?:te|le|les) puede(?:n)? interesar
  te podría interesar | noticias relacionadas | artículos relacionados | contenido relacionado
  relacionad[oa]s | más (?:información|noticias|leídas|leído|vistas|de .{1,30})
  lo más (?:leído|visto|popular) | ver también | recomendados | otras noticias | te recomendamos
  // it
  leggi anche | potrebbe(?:ro)? interessarti(?: anche)? | articoli correlati | correlati | i più letti
  ti potrebbe interessare | potrebbe interessarti anche | altri articoli
  // pt
  leia (?:também|mais) | veja (?:também|mais) | notícias relacionadas | artigos relacionados
  mais lidas | relacionad[oa]s | você (?:também )?pode gostar | saiba mais
  // nl
  lees (?:ook|meer|verder) | meer (?:over|nieuws|artikelen)(?: .{0,30})?
  gerelateerde (?:artikelen|berichten) | meest gelezen | bekijk ook | ook interessant
  // ru
  читайте (?:также|еще|ещё) | похожие (?:статьи|новости|материалы) | по теме | популярное
  смотрите также | другие новости | рекомендуем
  // pl
  czytaj (?:też|także|również|więcej) | zobacz (?:też|także|również) | podobne artykuły
  powiązane(?: artykuły)? | najczęściej czytane | polecamy
  // sv, da, no
  läs (?:också|mer) | relaterade artiklar | læs (?:også|mere) | relaterede artikler | les (?:også|mer)
`);

const COMMENT_HEADING = phrases(String.raw`
  // en
  (?:\d+ )?(?:comments?|responses?|replies|reactions?)(?: \(\d+\))?(?: (?:on|to) .{1,120})?
  one (?:comment|response|reply)(?: (?:on|to) .{1,120})?
  (?:\d+|one|two|three|four|five|six|seven|eight|nine|ten) (?:thoughts?|responses?) (?:on|to) .{1,120}
  leave a (?:reply|comment|response)(?: to .{1,80})?
  (?:post|add|write|submit) (?:a|your) (?:comment|reply|review) | join the (?:discussion|conversation)
  reader comments | what do you think | have your say | show comments | view comments | write a review
  customer reviews
  // de
  (?:\d+ )?kommentare?(?: \(\d+\))?(?: zu .{1,120})? | (?:ein|\d+) kommentar(?:e)? (?:zu|für) .{1,120}
  (?:schreibe|hinterlasse|schreiben sie|hinterlassen sie) (?:einen|ihren|deinen) kommentar
  kommentieren | kommentar (?:schreiben|verfassen|abgeben) | diskutieren sie mit | ihre meinung
  leserkommentare | (?:\d+ )?antworten | (?:\d+ )?(?:gedanken|meinungen) zu .{1,120} | leserbriefe
  // fr
  (?:\d+ )?commentaires? | (?:laisser|écrire|ajouter|poster) un commentaire | réagissez | vos réactions
  (?:\d+ )?réactions? | laisser une réponse | donnez votre avis
  // es
  (?:\d+ )?comentarios? | (?:deja|dejar|escribe|añadir|agregar) (?:un|tu) comentario
  deja una respuesta | opiniones
  // it
  (?:\d+ )?commenti | lascia un commento | lascia una risposta | scrivi un commento
  // pt
  (?:\d+ )?comentários? | deixe (?:um|seu) comentário | deixe uma resposta | comente
  // nl
  (?:\d+ )?reacties? | laat een reactie achter | plaats een reactie | geef een reactie
  // ru, pl, sv, da
  комментарии | оставить комментарий | (?:\d+ )?komentarz[ey]? | dodaj komentarz | kommentarer
  skriv en kommentar
`);

/** Longest heading text worth testing: the phrases above, plus a site or topic name. */
export const MAX_SECTION_HEADING_CHARS = 90;

/**
 * Lower-cased, decorations and counts stripped: "» Mehr zum Thema:", "Comments (12)", "RELATED
 * STORIES ›" all reduce to the phrase.
 */
export function headingPhrase(text: string): string {
  const phrase = text.toLowerCase().replace(/\s+/g, ' ');
  // Trimmed by hand: an end-anchored character-class regex retries from every position.
  let start = 0;
  let end = phrase.length;
  while (start < end && isDecoration(phrase[start])) start++;
  while (end > start && isDecoration(phrase[end - 1])) end--;
  const trimmed = phrase.slice(start, end);
  return trimmed.endsWith(')') ? trimmed.replace(/\s*\(\d+\)$/, '') : trimmed;
}

const DECORATION = /[\s\p{P}\p{S}]/u;

function isDecoration(char: string): boolean {
  const code = char.charCodeAt(0);
  if (code < 128)
    return !((code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90));
  return DECORATION.test(char);
}

/** The kind of boilerplate section a heading with this text opens, or null when it reads as content. */
export function sectionKind(text: string): SectionKind | null {
  if (text.length > MAX_SECTION_HEADING_CHARS) return null;
  const phrase = headingPhrase(text);
  if (!phrase) return null;
  if (COMMENT_HEADING.test(phrase)) return 'comments';
  if (RELATED_HEADING.test(phrase)) return 'related';
  return null;
}

/**
 * "Read also: <headline>", "Lea también: …", "Lesen Sie auch: …", ">> Headline <<": a teaser for
 * another story dressed as a paragraph of this one; CMSs also print it in brackets ("[Read more:
 * <headline>]"). A parenthesis is the author's own aside ("(Related reading: …)") and is kept.
 */
export const TEASER_LINE = new RegExp(
  `^\\[?(?:${[
    'read|see|related|more|also|watch|listen|further|recommended|previously|top story',
    'lesen sie|lies|mehr|siehe|auch interessant|empfehlung|zum thema|passend dazu|video',
    '(?:à )?lire|voir|découvrir|sur le même sujet',
    'lea|lee|leer|ver|más|mira|relacionad[oa]|(?:te|le|les) puede(?:n)? interesar|también',
    'leggi|guarda|vedi|potrebbe interessarti',
    'leia|veja|saiba mais|assista',
    'lees|bekijk|zie ook',
    'читайте|смотрите|по теме',
    'czytaj|zobacz',
  ].join('|')})\\b[^:]{0,30}:|^\\s*(?:>>|»|→)`,
  'iu',
);

/** A link that only says "read on" (its target is the story the teaser stands for). */
const READ_MORE = phrases(`
  read (?:more|on|the (?:full )?(?:story|article)) | continue reading | more | learn more | full story
  mehr(?: lesen| erfahren| dazu)? | weiterlesen | zum (?:artikel|beitrag) | lire (?:la suite|plus)
  en savoir plus | leer (?:más|mas) | seguir leyendo | ver más | leggi (?:tutto|di più|altro)
  continua a leggere | leia mais | saiba mais | lees (?:meer|verder) | читать (?:далее|дальше)
  czytaj (?:dalej|więcej)
`);

export function isReadMore(text: string): boolean {
  return text.length <= 40 && READ_MORE.test(headingPhrase(text));
}
