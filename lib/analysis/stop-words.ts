/*
 * Function words per language. The Latin-script profiles are each language's most frequent function
 * words of two letters or more: one-letter words ("a", "i", "o", "e", "y") are shared by too many
 * languages, and English "I" lower-cases to Swedish/Danish/Italian "i". Cyrillic keeps them: Russian
 * и/с/к and Ukrainian і/й/з are the sharpest signal between the two. Keyword extraction excludes the
 * profile plus the extra function words below, which only matter there (keywords need > 3 letters).
 */
const words = (list: string): string[] => list.trim().split(/\s+/);

export const LATIN_PROFILES = {
  en: words(`the and of to is in that it was for with as on are be this have from by at not but or which
    you they we his her she he were been has had their there would will can an what all when more about
    if into than them these so some could its our who also how other your`),
  es: words(`el la los las de del que en un una es por con para no se su sus al lo como más pero le ya este
    esta son entre cuando muy sin sobre también me hasta hay donde quien desde todo nos durante todos uno
    les ni contra otros ese eso ante ellos esto antes algunos qué unos yo otro otras otra él tanto esa
    estos mucho nada muchos cual poco ella estar estas algo fue ha han era está están ser hace`),
  fr: words(`le la les de des du un une et est en que qui dans pour pas sur au aux avec ce cette ces il elle
    ils elles nous vous je ne se sont par plus mais ou où comme son sa ses leur leurs été être avoir fait
    tout tous aussi était très sans peut cela ça même lui`),
  de: words(`der die das und ist nicht ein eine einen einem einer zu den dem des mit sich auf für von im sie
    es auch wird werden wurde sind war bei aus nach wie noch oder aber dass nur ich er wir ihr hat haben
    kann über um so vom zum zur diese dieser dieses durch wenn man mehr schon sehr doch kein keine in an am
    als bis alle unser unsere unserem unseren ihre ihren`),
  it: words(`il lo la gli le di del della dei delle che un una per non con sono si da in al alla anche come
    più ma questo questa ha hanno essere era nel nella sul sulla loro mi ci ne se perché quando molto
    tutto tutti ancora già cosa suo sua dove qui solo stato ho`),
  pt: words(`os as de do da dos das que em no na nos nas um uma para por com não se mais mas como ao aos seu
    sua ou ser foi são está também muito já quando isso este esta ele ela eles pelo pela entre depois sem
    mesmo até há nós você tem onde só eu sobre era estar todos todas estavam tinha pelos pelas`),
  nl: words(`de het een en van in is dat op te zijn voor met niet die aan er maar om ook als bij of door over
    naar dan nog wel geen hij zij ze we wij ik je uit tot kan wordt worden werd was heeft hebben deze dit
    zo al hun haar mijn nu omdat wat waar zich`),
  sv: words(`och att det som en ett på är av för med till den har de inte om var jag du han hon vi ni men så
    kan sig från eller vid när efter under också bara mycket nu skulle hade detta denna dessa vara blev
    finns än sin sitt sina vad hur där här`),
  da: words(`og at det er en et den til på af for med som de ikke har jeg du han hun vi men så kan sig fra
    eller ved når efter også kun meget nu skulle havde dette denne disse være blev der sin sit sine hvad
    hvordan her mig om`),
  pl: words(`na że się nie do to jest jak po co tak ale od za przez dla czy jego jej ich są był była było być
    który która które ten ta te tym tego jako oraz także już tylko może bardzo gdy lub przy pod nad bez
    mi go ja ty on ona my wy oni`),
  tr: words(`ve bir bu da de için ile çok ne gibi daha olarak olan var yok ama en mi mı ki şu ben sen biz siz
    onlar her sonra kadar değil ise veya hem göre bunu buna bunun şey diye oldu olduğu ancak yani çünkü
    nasıl neden`),
  fi: words(`ja on ei se että oli ovat olla hän me te he minä sinä joka mutta tai kun niin kuin myös mitä
    tämä nämä siitä sen ole mukaan vain jo jos sekä jotka vaan voi kanssa hyvin nyt`),
  cs: words(`je se na ve že to jsou byl byla bylo být jako ale pro by jsem jsme není také jeho její tak jak
    které který která při od po ze ke už jen nebo když aby mezi tento tato toto`),
  ro: words(`și în de la cu pe care din este nu un să se mai pentru sunt ce fi fost au sau dar ca această
    acest lui ei lor prin după când foarte doar acum tot toate către între fără cum`),
  hu: words(`az és hogy nem is egy meg de van volt ez azt csak már még mint el ki be fel le vagy ha mert
    nagyon után között pedig amely ami aki lesz lehet kell minden sem itt ott ezt én`),
  id: words(`yang dan di ini itu dengan untuk dari dalam tidak akan pada ada juga saya kami mereka ke oleh
    sebagai bisa atau karena sudah telah harus lebih kita seperti bahwa dapat hanya orang tersebut namun
    jika belum masih sangat`),
} as const;

export const CYRILLIC_PROFILES = {
  ru: words(`не на что он как это по но из же за бы от так его для все она только мне было вот меня еще нет
    ему теперь когда даже ну ли если уже или быть был него до вас опять уж вам ведь там потом себя ничего
    ей может они тут где есть надо ней мы тебя их чем была сам без чего раз тоже себе под будет и с к о
    в наш наши всех всё этот эта эти при про через`),
  uk: words(`на що не до як це та за він вона вони ми ви по але його її їх від для так ще вже бути був була
    було чи або коли тому також який яка які цей ця ці дуже між після через тільки лише можна і й з в у
    наш наші всіх`),
} as const;

/** English function words beyond the profile: determiners, pronouns, prepositions, auxiliaries, contractions. */
const ENGLISH_EXTRA =
  words(`a i me my myself ours ourselves yours yourself yourselves him himself hers herself
  itself theirs themselves whom whose those am being do does did doing having ought shall should must might
  may until while upon onto off out over under again further then once here where why both each few most
  such only own same too very just now because although though whether either neither nor yet however
  therefore thus hence also still even ever every many much another any anyone anything anybody everyone
  everything everybody someone something somebody nothing nobody none several enough quite rather really
  almost already always never often sometimes usually perhaps maybe above below between among across along
  around against during before after within without through throughout toward towards behind beside
  besides beyond since unless whereas wherever whatever whoever whichever whenever per via like unlike
  let's i'm i've i'd i'll you're you've you'd you'll he's he'd he'll she's she'd she'll it's it'd it'll
  we're we've we'd we'll they're they've they'd they'll that's there's here's what's who's where's when's
  why's how's isn't aren't wasn't weren't hasn't haven't hadn't doesn't don't didn't won't wouldn't shan't
  shouldn't can't cannot couldn't mustn't mightn't needn't`);

/** Longer function words of the larger languages: only these could reach the keyword list (> 3 letters). */
const KEYWORD_EXTRA: Record<string, string[]> = {
  en: ENGLISH_EXTRA,
  es: words(`porque aunque entonces después siempre nunca mientras según través cada cuya cuyo dentro fuera
    hacia tras nuestra nuestro nuestras nuestros vuestra vuestro ellas ustedes usted ahora aquí allí había
    habían sería tiene tienen puede pueden sido estaba estaban mismo misma mismos cómo cuándo dónde además
    sino`),
  fr: words(`parce alors après avant toujours jamais pendant selon chaque dont vers chez notre votre nôtre
    celui celle ceux celles ceci avait avaient sera seront étaient peuvent faire encore donc ainsi entre
    depuis quand comment pourquoi quelque quelques autre autres mêmes toute toutes moins beaucoup bien`),
  de: words(`weil dann immer niemals während gemäß jede jeder jedes jedem jeden unser unsere euer eure ihre
    ihren ihrem ihrer sein seine seinen seinem seiner hatte hatten wäre würde würden können könnte müssen
    muss soll sollte sollen wollen will gegen ohne unter zwischen seit bevor nachdem damit denn also jetzt
    hier dort diesem diesen etwas alle allem allen alles andere anderen welche welcher welches`),
  it: words(`allora dopo prima sempre mentre secondo ogni verso presso nostro nostra nostri nostre vostro
    aveva avevano sarà saranno erano possono può fatto fare quindi così quale quali altro altri altra altre
    stesso stessa tutta tutte poco questi queste quello quella quelli`),
  pt: words(`porque então depois antes sempre nunca enquanto segundo cada cujo cuja dentro fora nosso nossa
    nossos nossas vocês elas tinha tinham será serão estava estavam pode podem feito fazer ainda assim
    desde como qual quais outro outra outros outras mesma todo toda todos todas pouco esse essa esses
    essas aquele aquela isto aquilo sobre`),
};

/** Keyword exclusion list per language; English is always excluded too (see keywords.ts). */
export const FUNCTION_WORDS: Record<string, ReadonlySet<string>> = Object.fromEntries(
  [...Object.entries(LATIN_PROFILES), ...Object.entries(CYRILLIC_PROFILES)].map(([language, list]) => [
    language,
    new Set<string>([...list, ...(KEYWORD_EXTRA[language] ?? [])]),
  ]),
);
