import { askModel } from '../../model-answers/ask-model.js';
import { fitToBudget } from '../../model-answers/page-text.js';
import type { LlmProvider } from '../../providers/kinds/llm.js';
import { type Finding, rankFindings } from '../../research/passages.js';
import type { SourceRead } from '../../research/sources.js';
import { type FieldSource, fillFromMarkup } from '../../structured/fill.js';
import { markupValues } from '../../structured/markup-values.js';

/** A read page ranked against the prompt. */
export interface RankedRead extends SourceRead {
  relevance: number;
}

export interface ModelAnswer {
  answer: unknown;
  model: string;
  tokensUsed: number;
}

const SYSTEM =
  'You answer a question from the web pages supplied, which were found and read for it. Use only what the ' +
  'pages say; cite them as [1], [2] by their numbers. Say plainly when they do not answer the question.';

/** The model's answer from the best passages of the pages read, numbered as the sources are. */
export async function modelAnswer(
  provider: LlmProvider,
  prompt: string,
  terms: readonly string[],
  reads: readonly RankedRead[],
  options: { schema?: Record<string, unknown>; timeoutMs: () => number; signal: AbortSignal },
): Promise<ModelAnswer> {
  const numbered = reads.map((read, index) => ({ ...read, number: index + 1 }));
  const findings = rankFindings(
    terms,
    numbered.map((read) => ({ url: read.url, title: read.title, text: read.text ?? '' })),
    { limit: 20, perSource: 5 },
  );
  const numberOf = new Map(numbered.map((read) => [read.url, read.number]));
  const excerpts = (findings.length > 0 ? findings : numbered.map((read) => asFinding(read)))
    .map(
      (finding) =>
        `[${numberOf.get(finding.source_url)}] ${finding.source_title} (${finding.source_url})\n${finding.text}`,
    )
    .join('\n\n');
  const fitted = fitToBudget(excerpts, provider.inputBudgetChars);
  const reply = await askModel({
    provider,
    model: provider.defaultModel,
    system: options.schema ? `${SYSTEM} Answer with JSON only, matching the given JSON Schema.` : SYSTEM,
    prompt: `${prompt}\n\n<content>\n${fitted.text}\n</content>`,
    schema: options.schema,
    answerField: 'answer',
    maxTokens: 2_048,
    timeoutMs: options.timeoutMs,
    signal: options.signal,
  });
  return { answer: reply.value, model: reply.model, tokensUsed: reply.tokensUsed };
}

function asFinding(read: RankedRead): Finding {
  return {
    text: (read.text ?? read.snippet).slice(0, 600),
    source_url: read.url,
    source_title: read.title,
    relevance_score: 0,
  };
}

/** Prose without a model: the best passages, quoted with their source numbers. */
export function extractiveProse(terms: readonly string[], reads: readonly RankedRead[]): string | null {
  const numberOf = new Map(reads.map((read, index) => [read.url, index + 1]));
  const findings = rankFindings(
    terms,
    reads.map((read) => ({ url: read.url, title: read.title, text: read.text ?? '' })),
    { limit: 3, perSource: 2 },
  );
  if (findings.length === 0) return null;
  return findings.map((finding) => `${finding.text} [${numberOf.get(finding.source_url)}]`).join('\n\n');
}

/**
 * A structured answer without a model: each field from the markup of the most relevant page that
 * states it (JSON-LD, microdata, RDFa, Open Graph, meta), with the page it came from.
 */
export function extractiveRecord(
  schema: Record<string, unknown>,
  reads: readonly RankedRead[],
): {
  record: Record<string, unknown>;
  fieldSources: Record<string, { source: FieldSource; url: string } | null>;
} {
  const properties = Object.keys((schema.properties ?? {}) as object);
  const record: Record<string, unknown> = Object.fromEntries(properties.map((field) => [field, null]));
  const fieldSources: Record<string, { source: FieldSource; url: string } | null> = Object.fromEntries(
    properties.map((field) => [field, null]),
  );
  for (const read of reads) {
    if (!read.document) continue;
    const filled = fillFromMarkup(schema, markupValues(read.document), {}, read.document.$);
    for (const field of properties) {
      const source = filled.sources[field];
      if (fieldSources[field] || !source) continue;
      record[field] = filled.extracted[field];
      fieldSources[field] = { source, url: read.url };
    }
  }
  return { record, fieldSources };
}
