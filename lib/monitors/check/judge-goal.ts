import type { PageResultRow } from '../../db/schema/index.js';
import type { Config } from '../../env.js';
import { logger } from '../../logger.js';
import { llmProviders } from '../../providers/configured/llm.js';

/**
 * A monitor's `goal` judged against each changed page: the first configured model provider of
 * extract_with_llm reads the removed and added lines and answers whether the change matters for the
 * goal, with one sentence why. A judged page costs 1 credit more. No provider, or a failed call,
 * never fails the check: the page carries `relevant: null` and a note, and is notified as without
 * a goal.
 */

export const JUDGE_CREDITS = 1;
const JUDGE_TIMEOUT_MS = 20_000;
const MAX_LINES_CHARS = 6_000;

const SYSTEM =
  "You watch web pages for a user. Given the user's goal and the lines removed from and added to a page since the last check, say whether this change is relevant to the goal. Answer with JSON: relevant (boolean) and note (one short sentence saying why).";

const ANSWER_SCHEMA = {
  type: 'object',
  properties: { relevant: { type: 'boolean' }, note: { type: 'string' } },
  required: ['relevant', 'note'],
  additionalProperties: false,
};

export type JudgeConfig = Pick<
  Config,
  'OLLAMA_HOST' | 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'ANTHROPIC_API_KEY' | 'ANTHROPIC_BASE_URL'
>;

export interface Judgement {
  relevant: boolean | null;
  relevance_note: string;
  /** A model answered: the page is charged the judging credit. */
  judged: boolean;
}

function clip(lines: readonly string[]): string {
  const text = lines.join('\n');
  return text.length > MAX_LINES_CHARS ? `${text.slice(0, MAX_LINES_CHARS)}\n…` : text;
}

export async function judgeChange(
  config: JudgeConfig,
  goal: string,
  page: PageResultRow,
): Promise<Judgement> {
  const provider = llmProviders(config)[0];
  if (!provider) {
    return {
      relevant: null,
      relevance_note: 'Not judged: no model provider is configured; notified as without a goal.',
      judged: false,
    };
  }
  const prompt = [
    `Goal: ${goal}`,
    '',
    'Added lines:',
    clip(page.added_samples),
    '',
    'Removed lines:',
    clip(page.removed_samples),
  ].join('\n');
  try {
    const answer = await provider.complete(
      {
        model: provider.defaultModel,
        system: SYSTEM,
        messages: [{ role: 'user', content: prompt }],
        schema: ANSWER_SCHEMA,
        maxTokens: 200,
      },
      { timeoutMs: JUDGE_TIMEOUT_MS },
    );
    const parsed = JSON.parse(answer.text) as { relevant?: unknown; note?: unknown };
    if (typeof parsed.relevant !== 'boolean') throw new Error('the answer has no boolean "relevant"');
    const note =
      typeof parsed.note === 'string' && parsed.note.trim() ? parsed.note.trim() : 'No reason given.';
    return { relevant: parsed.relevant, relevance_note: note.slice(0, 300), judged: true };
  } catch (error) {
    logger.warn('goal judgement failed', { provider: provider.id, error: String(error) });
    return {
      relevant: null,
      relevance_note: `Not judged: the model call failed (${provider.label}); notified as without a goal.`,
      judged: false,
    };
  }
}
