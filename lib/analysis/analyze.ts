import { extractKeywords, type Keyword } from './keywords.js';
import { detectLanguage } from './language.js';
import { analyzeReadability, type Readability } from './readability.js';
import { splitSentences } from './sentences.js';
import { analyzeSentiment, type Sentiment } from './sentiment.js';
import { codePointLength, roundTo } from './text.js';
import { tokenizeWords } from './words.js';

export interface AnalyzeOptions {
  analyzeSentiment: boolean;
  extractKeywords: boolean;
  detectLanguage: boolean;
  analyzeReadability: boolean;
}

/** docs/reference/pages.md#analyze_content response `data`. A part that was not asked for is `null`, so the shape never changes. */
export interface ContentAnalysis {
  /** Characters (code points) of the text analysed. */
  content_length: number;
  word_count: number;
  sentence_count: number;
  /** Words per sentence, one decimal; 0 when the text has no sentence at all. */
  avg_sentence_length: number;
  language: string | null;
  keywords: Keyword[] | null;
  sentiment: Sentiment | null;
  readability: Readability | null;
}

export function analyzeText(text: string, options: AnalyzeOptions): ContentAnalysis {
  const words = tokenizeWords(text);
  const sentenceCount = splitSentences(text, { keepShort: true }).length;
  // Keywords and sentiment depend on the language even when the caller did not ask to see it.
  const needsLanguage = options.detectLanguage || options.extractKeywords || options.analyzeSentiment;
  const language = needsLanguage ? detectLanguage(text) : 'und';
  return {
    content_length: codePointLength(text),
    word_count: words.length,
    sentence_count: sentenceCount,
    avg_sentence_length: sentenceCount === 0 ? 0 : roundTo(words.length / sentenceCount, 1),
    language: options.detectLanguage ? language : null,
    keywords: options.extractKeywords ? extractKeywords(words, language) : null,
    sentiment: options.analyzeSentiment ? analyzeSentiment(words, language) : null,
    readability: options.analyzeReadability ? analyzeReadability(words, sentenceCount) : null,
  };
}
