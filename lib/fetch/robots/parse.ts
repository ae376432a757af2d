import { normaliseRobotsPath } from './match.js';
import type { ParsedRobots, RobotsGroup, RobotsRule } from './types.js';

/** RFC 9309 §2.5: crawlers parse at least 500 KiB; beyond it we stop reading. */
export const MAX_ROBOTS_BYTES = 500 * 1024;

/**
 * Matching costs O(path) per rule, so the rule count is what bounds a hostile file. Real files stay
 * far below this (large sites publish a few hundred rules); rules past the cap are dropped.
 */
export const MAX_ROBOTS_RULES = 10_000;

/**
 * The product token a `User-agent` value names: `*`, or its leading run of token characters
 * lower-cased. `WebExtractBot/1.0` names `webextractbot`; `WebExtractBotPro` names a different
 * product and must not pick up our group.
 */
function agentToken(value: string): string {
  if (value === '*') return '*';
  return (/^[A-Za-z0-9_-]*/.exec(value)?.[0] ?? '').toLowerCase();
}

/** `5`, `0.5`, `.5`; anything else (negative, `5s`, empty) is ignored as the RFC has no say. */
function parseCrawlDelay(value: string): number | null {
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(value)) return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) ? seconds : null;
}

/** Keeps the first `MAX_ROBOTS_BYTES` of the file, minus any line the cut went through. */
export function capRobotsText(text: string): string {
  if (Buffer.byteLength(text, 'utf8') <= MAX_ROBOTS_BYTES) return text;
  const head = Buffer.from(text, 'utf8').subarray(0, MAX_ROBOTS_BYTES).toString('utf8');
  // A half line can shorten an Allow path and open more of the site than the owner meant.
  const lastBreak = Math.max(head.lastIndexOf('\n'), head.lastIndexOf('\r'));
  return lastBreak === -1 ? '' : head.slice(0, lastBreak);
}

/**
 * Reads a robots.txt body into groups (RFC 9309 §2.1–2.2). Consecutive `User-agent` lines open
 * one group; the first rule closes its agent list. `Crawl-delay` is not in the RFC but is read as a
 * group line like the rules, which is how the crawlers that honour it read it. Lines outside a group,
 * `Sitemap` and unknown keys are ignored.
 */
export function parseRobots(text: string): ParsedRobots {
  const groups: ParsedRobots['groups'] = [];
  let current: ParsedRobots['groups'][number] | null = null;
  let collectingAgents = false;
  let ruleCount = 0;

  for (const rawLine of capRobotsText(text)
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)) {
    const hash = rawLine.indexOf('#');
    const line = hash === -1 ? rawLine : rawLine.slice(0, hash);
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();

    if (key === 'user-agent') {
      if (!current || !collectingAgents) {
        current = { agents: [], rules: [], crawlDelaySeconds: null };
        groups.push(current);
        collectingAgents = true;
      }
      current.agents.push(agentToken(value));
      continue;
    }
    if (!current) continue;
    if (key === 'allow' || key === 'disallow') {
      collectingAgents = false;
      // An empty Disallow means "nothing disallowed", which is what no rule already says.
      if (value === '' || ruleCount >= MAX_ROBOTS_RULES) continue;
      current.rules.push({ allow: key === 'allow', pattern: normaliseRobotsPath(value) });
      ruleCount += 1;
    } else if (key === 'crawl-delay') {
      collectingAgents = false;
      current.crawlDelaySeconds ??= parseCrawlDelay(value);
    }
  }
  return { groups };
}

/**
 * Every group naming the product token (case-insensitive), merged; when none does, every `*` group
 * merged (RFC 9309 §2.2.1). Duplicate rules are dropped so a file repeating one pathological line
 * costs what one copy costs.
 */
export function selectGroup(parsed: ParsedRobots, productToken: string): RobotsGroup {
  const token = productToken.toLowerCase();
  const named = parsed.groups.filter((group) => group.agents.includes(token));
  const applying = named.length > 0 ? named : parsed.groups.filter((group) => group.agents.includes('*'));

  const seen = new Set<string>();
  const rules: RobotsRule[] = [];
  let crawlDelaySeconds: number | null = null;
  for (const group of applying) {
    crawlDelaySeconds ??= group.crawlDelaySeconds;
    for (const rule of group.rules) {
      const key = `${rule.allow ? 'A' : 'D'}${rule.pattern}`;
      if (seen.has(key)) continue;
      seen.add(key);
      rules.push(rule);
    }
  }
  return { rules, crawlDelaySeconds };
}
