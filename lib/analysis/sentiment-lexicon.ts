/**
 * Weighted English sentiment lexicon, weights in [-1, 1]: ±0.2 faint, ±0.5 clear, ±0.9 strong.
 * Words whose polarity flips with the sense ("like", "hard", "well", "fine") are left out on purpose:
 * a missed hit costs less than a wrong one. Words are lower-case with a plain apostrophe.
 */
const WEIGHTED_WORDS: [weight: number, words: string][] = [
  [0.9, `excellent amazing outstanding superb fantastic masterpiece`],
  [
    0.8,
    `wonderful wonderfully brilliant perfect awesome exceptional magnificent terrific fabulous
    flawless marvelous marvellous spectacular`,
  ],
  [
    0.7,
    `incredible love loved loves adore delightful thrilled joy joyful gorgeous stunning glorious
    splendid stellar triumph`,
  ],
  [
    0.6,
    `great lovely happy beautiful best impressive exciting excited grateful thankful remarkable
    praise charming cheerful enthusiastic genius inspiring perfectly pleasure tremendous victory`,
  ],
  [
    0.5,
    `good glad pleased pleasant enjoy enjoyed enjoyable success successful winner beneficial
    recommend recommended reliable satisfied satisfying helpful valuable friendly fun appreciate
    appreciated elegant favorite favourite ideal innovative lucky optimistic peaceful proud
    superior wow attractive blessed celebrate champion accomplished achievement breakthrough
    dependable encouraging fortunate generous graceful heroic inspired prosperous rewarding
    thriving upbeat vibrant admire`,
  ],
  [
    0.4,
    `nice positive succeed win wins benefit benefits effective efficient improve improved
    improvement useful thanks thank hopeful liked powerful supportive trust trusted worthy
    comfortable convenient confident creative energetic faithful harmony healthy honest
    intuitive welcome wise brave celebrated accomplish advantage`,
  ],
  [
    0.3,
    `better easy fresh hope popular robust safe secure solid strong cool eager ease fair
    handy merit affordable agree bargain bright calm capable smooth won`,
  ],
  [0.2, `clean fast`],
  [-0.2, `sorry expensive`],
  [
    -0.3,
    `bug error errors slow difficult risk lost decline declined delay delayed cancelled
    vulnerable vulnerability`,
  ],
  [
    -0.4,
    `problem problems confusing confused bored risky worried worry anxious stress loss lose
    losing weak mistake mistakes flaw unstable uncomfortable mess messy mediocre lame complain
    complaint complaints sick guilty problematic insecure weakness negative unfortunately
    unfortunate inefficient`,
  ],
  [
    -0.5,
    `worse poor poorly sad annoying annoyed fail failed fails broken buggy crash crashed crashes
    boring painful pain hurt dangerous danger threat fear afraid scared stressful death dead die
    died attack attacked wrong flawed damage damaged fake lie lies unfair unsafe unpleasant
    upset dumb ridiculous inferior regret shame suffer poverty helpless lonely grim gloomy bleak
    dislike disliked overpriced inadequate ineffective irritating hell`,
  ],
  [
    -0.6,
    `bad unhappy angry failure waste wasted frustrating frustrated harmful crisis war defective
    corrupt corruption cheat cheated steal stolen unreliable nasty rude suck stupid lousy
    suffering hostile depressed depressing toxic outrage outrageous shoddy junk trash rubbish
    ugly`,
  ],
  [
    -0.7,
    `pathetic disappointing disappointed disappointment useless worthless tragic tragedy kill
    killed violence violent fraud liar misery sucks shameful hopeless furious disgusted
    incompetent garbage`,
  ],
  [
    -0.8,
    `dreadful disgusting hate hated hates disaster disastrous catastrophe catastrophic miserable
    nightmare scam evil`,
  ],
  [-0.9, `terrible horrible awful worst atrocious abysmal horrific horrendous`],
];

export const SENTIMENT_LEXICON: ReadonlyMap<string, number> = new Map(
  WEIGHTED_WORDS.flatMap(([weight, words]) =>
    words
      .trim()
      .split(/\s+/)
      .map((word) => [word, weight] as const),
  ),
);

/** Words that flip the polarity of a lexicon hit within the next few words ("not good", "never happy"). */
export const NEGATORS: ReadonlySet<string> = new Set(
  `not no never none nobody nothing neither nor without hardly barely cannot isn't aren't wasn't weren't
  don't doesn't didn't won't wouldn't shouldn't couldn't can't ain't haven't hasn't hadn't`.split(/\s+/),
);
