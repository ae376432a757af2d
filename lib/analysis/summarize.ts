import { joinSentences, splitSentences } from './sentences.js';
import { codePointLength, roundTo } from './text.js';

export const SUMMARY_TYPES = ['extractive', 'key_points', 'brief'] as const;
export type SummaryType = (typeof SUMMARY_TYPES)[number];

export const NO_CONTENT_TO_SUMMARIZE = 'No content to summarize';

export interface Summary {
  /** `extractive` and `brief`: one string; `key_points`: one string per sentence. */
  summary: string | string[];
  summary_type: SummaryType;
  /** Characters (code points) of the text summarised. */
  original_length: number;
  /** Characters of the summary; for key points the sum over the points, separators not counted. */
  summary_length: number;
  /** summary_length / original_length, two decimals; 0 for an empty original. */
  compression_ratio: number;
  sentences_used: number;
  total_sentences: number;
}

export interface SummarizeOptions {
  /** 1–20; ignored for `brief`, which always takes one sentence. */
  maxSentences: number;
  summaryType: SummaryType;
}

/**
 * Extractive summary: the leading sentences, in order. Leading rather than scored sentences because the
 * spec promises exactly that and because pages and news put their point first. With no sentence long
 * enough, `brief` answers with a fixed notice that counts as no summary (length 0, ratio 0), and the
 * other types return an empty string or an empty list.
 */
export function summarize(text: string, options: SummarizeOptions): Summary {
  const sentences = splitSentences(text);
  const take = options.summaryType === 'brief' ? 1 : options.maxSentences;
  const used = sentences.slice(0, take);
  const original_length = codePointLength(text);

  let summary: string | string[];
  let summary_length: number;
  if (options.summaryType === 'key_points') {
    summary = used;
    summary_length = used.reduce((total, sentence) => total + codePointLength(sentence), 0);
  } else if (used.length === 0 && options.summaryType === 'brief') {
    summary = NO_CONTENT_TO_SUMMARIZE;
    summary_length = 0;
  } else {
    summary = joinSentences(used);
    summary_length = codePointLength(summary);
  }

  return {
    summary,
    summary_type: options.summaryType,
    original_length,
    summary_length,
    compression_ratio: original_length === 0 ? 0 : roundTo(summary_length / original_length, 2),
    sentences_used: used.length,
    total_sentences: sentences.length,
  };
}
