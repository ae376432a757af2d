import { RENDERS_IN_BROWSER } from '../../browser/runtime.js';
import { ANY_LLM_VARIABLES } from '../../providers/configured/llm.js';
import { WEB_SEARCH_VARIABLES } from '../../providers/configured/web-search.js';
import { defineTool } from '../define.js';
import { agentResult } from './result-schema.js';
import {
  AGENT_BASE_CREDITS,
  type AgentData,
  MAX_STEALTH_RETRIES,
  runAgent,
  STEALTH_RETRY_CREDITS,
} from './run-agent.js';
import { agentSchema } from './schema.js';

export const agentTool = defineTool({
  name: 'agent',
  kind: 'providers',
  summary:
    'Researches a prompt on the web within hard caps and answers in prose or in a JSON Schema, citing its sources.',
  description:
    'Plans search queries from the prompt (or starts from `urls` and URLs in the prompt), reads the pages through ' +
    'the guarded fetcher, keeps those that share the prompt’s terms, and answers: with a language model when one is ' +
    `configured (${ANY_LLM_VARIABLES}), else extractively (quoted passages; for a \`schema\`, the pages’ structured ` +
    'markup). The response says which, lists every source, skipped page and step. Caps: `maxSteps`, `maxUrls` and a ' +
    `25 s window. Searching needs ${WEB_SEARCH_VARIABLES}. Walled pages are retried in the stealth browser at most ` +
    'twice; where no browser is deployed they are reported as skipped.',
  price: AGENT_BASE_CREDITS,
  holdCeiling: () => AGENT_BASE_CREDITS + STEALTH_RETRY_CREDITS * MAX_STEALTH_RETRIES,
  basePrice: AGENT_BASE_CREDITS,
  pricingNotes: [
    `${AGENT_BASE_CREDITS} credits per run, plus ${STEALTH_RETRY_CREDITS} for each walled page retried in a stealth browser (at most ${MAX_STEALTH_RETRIES} per run); a retry blocked again is free.`,
    `${AGENT_BASE_CREDITS + STEALTH_RETRY_CREDITS * MAX_STEALTH_RETRIES} credits are held; \`credits_used\` is the actual charge.`,
  ],
  schema: agentSchema,
  result: agentResult,
  // Its stealth retries are escalated renders, so it runs where a browser can.
  browser: RENDERS_IN_BROWSER,
  example: { prompt: 'How do HTTP clients handle the Retry-After header?', maxSteps: 6, maxUrls: 4 },
  async run(ctx, input): Promise<{ data: AgentData; credits: number }> {
    return runAgent(ctx, input);
  },
});
