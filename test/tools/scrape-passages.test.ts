import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findHighlights, type Highlight } from '../../lib/tools/scrape/highlights.js';
import { passagesOf } from '../../lib/tools/scrape/passages.js';
import { answerQuestion, NOT_FOUND_ANSWER } from '../../lib/tools/scrape/question.js';
import { stem } from '../../lib/tools/scrape/terms.js';
import type { ToolSite } from '../support/tool-site.js';
import { ARTICLE_PATH, startScrapeSite } from './scrape-site.js';

let site: ToolSite;
const url = (path: string) => site.url(path);

beforeAll(async () => {
  site = await startScrapeSite();
});
afterAll(() => site?.close());

async function scrape(formats: unknown[], extra: Record<string, unknown> = {}) {
  const account = await site.harness.account({ credits: 100 });
  const res = await site.harness.tool('scrape', { url: url(ARTICLE_PATH), formats, ...extra }, account.key);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { res, account };
}

/** The contract of docs/reference/pages.md#scrape: every span quotes the markdown of the same call exactly. */
function expectSpansOf(markdown: string, spans: Array<{ text: string; offset: number; length: number }>) {
  for (const span of spans) {
    expect(span.length).toBe(span.text.length);
    expect(markdown.slice(span.offset, span.offset + span.length)).toBe(span.text);
  }
}

function expectBestFirst(highlights: Highlight[]) {
  for (let i = 1; i < highlights.length; i++) {
    const [previous, current] = [highlights[i - 1], highlights[i]];
    expect(previous.score).toBeGreaterThanOrEqual(current.score);
    if (previous.score === current.score) expect(previous.offset).toBeLessThan(current.offset);
  }
  for (const { score } of highlights) expect(Math.round(score * 1000) / 1000).toBe(score);
}

describe('scrape highlights', () => {
  it('ranks sentences of the markdown against the query, charging 3', async () => {
    const { res, account } = await scrape([
      'markdown',
      { type: 'highlights', query: 'default read timeout', max_highlights: 3 },
    ]);
    expect(res.body).toMatchObject({ credits_used: 3, credits_remaining: 97 });
    expect(await account.balance()).toBe(97);
    const { markdown, highlights } = res.body.data.formats;
    expect(Object.keys(res.body.data.formats)).toEqual(['markdown', 'highlights']);
    expect(highlights).toHaveLength(3);
    expect(highlights[0]).toMatchObject({
      text: 'By default the connect timeout is 5 seconds and the read timeout is 30 seconds.',
      kind: 'sentence',
    });
    expect(Object.keys(highlights[0])).toEqual(['text', 'kind', 'offset', 'length', 'score']);
    expectSpansOf(markdown, highlights);
    expectBestFirst(highlights);
  });

  it('returns fenced code as code_block, the code without its fences', async () => {
    const { res } = await scrape(['markdown', { type: 'highlights', query: 'python Timeout example' }]);
    const { markdown, highlights } = res.body.data.formats;
    const code = highlights.filter((highlight: Highlight) => highlight.kind === 'code_block');
    expect(highlights[0].kind).toBe('code_block');
    expect(highlights[0].text).toBe(
      'from tern import Client, Timeout\n\n' +
        'client = Client(timeout=Timeout(connect=2.0, read=10.0, total=30.0))\n' +
        'response = client.get("https://api.example.com/items")',
    );
    expect(code.every((highlight: Highlight) => !highlight.text.includes('```'))).toBe(true);
    expectSpansOf(markdown, highlights);
    expectBestFirst(highlights);
  });

  it('quotes a table row whole, header and delimiter rows left out', async () => {
    const { res } = await scrape(['markdown', { type: 'highlights', query: 'gap between received chunks' }]);
    const { markdown, highlights } = res.body.data.formats;
    expect(highlights[0]).toMatchObject({
      text: '| read | 30 s | the gap between two received chunks |',
      kind: 'sentence',
    });
    expect(highlights.some((h: Highlight) => h.text.startsWith('| Timeout |'))).toBe(false);
    expectSpansOf(markdown, highlights);
  });

  it('honours max_highlights, and returns only passages that share a term with the query', async () => {
    const one = await scrape([{ type: 'highlights', query: 'timeout', max_highlights: 1 }]);
    expect(one.res.body.data.formats.highlights).toHaveLength(1);

    const all = await scrape(['markdown', { type: 'highlights', query: 'timeout', max_highlights: 50 }]);
    const { markdown, highlights } = all.res.body.data.formats;
    expect(highlights.length).toBeGreaterThan(5);
    expect(highlights.length).toBeLessThan(20);
    for (const highlight of highlights) expect(highlight.text.toLowerCase()).toContain('timeout');
    expect(highlights.map((h: Highlight) => h.kind).sort()).toContain('code_block');
    expectSpansOf(markdown, highlights);
    expectBestFirst(highlights);

    const none = await scrape([{ type: 'highlights', query: 'kubernetes' }]);
    expect(none.res.body.data.formats.highlights).toEqual([]);
  });

  it('indexes the markdown even when markdown is not requested, and ranks the same way every time', async () => {
    const format = { type: 'highlights', query: 'retry total budget attempts', max_highlights: 4 };
    const alone = await scrape([format]);
    expect(Object.keys(alone.res.body.data.formats)).toEqual(['highlights']);
    const withMarkdown = await scrape(['markdown', format]);
    expect(alone.res.body.data.formats.highlights).toEqual(withMarkdown.res.body.data.formats.highlights);
    expectSpansOf(withMarkdown.res.body.data.formats.markdown, alone.res.body.data.formats.highlights);
  });
});

describe('scrape question', () => {
  it('answers from the page when the best passage covers the question', async () => {
    const { res } = await scrape([
      'markdown',
      { type: 'question', question: 'What is the default read timeout?' },
    ]);
    expect(res.body.credits_used).toBe(3);
    const { markdown, answer } = res.body.data.formats;
    expect(answer).toMatchObject({
      text: 'By default the connect timeout is 5 seconds and the read timeout is 30 seconds.',
      grounded: true,
    });
    expect(answer.evidence[0].text).toBe(answer.text);
    expect(Object.keys(answer.evidence[0])).toEqual(['text', 'offset', 'length', 'score']);
    expectSpansOf(markdown, answer.evidence);
  });

  it('says "not found" when no passage covers enough of the question', async () => {
    const { res } = await scrape([
      'markdown',
      { type: 'question', question: 'Who founded Tern Labs in 1998?' },
    ]);
    const { markdown, answer } = res.body.data.formats;
    expect(answer.grounded).toBe(false);
    expect(answer.text).toBe(NOT_FOUND_ANSWER);
    // The closest passages stay visible, quoted exactly.
    expectSpansOf(markdown, answer.evidence);
  });

  it('charges one add-on for highlights and a question together', async () => {
    const { res } = await scrape([
      { type: 'question', question: 'Does a retry extend the total timeout?' },
      { type: 'highlights', query: 'retries' },
    ]);
    expect(res.body.credits_used).toBe(3);
    expect(Object.keys(res.body.data.formats)).toEqual(['answer', 'highlights']);
    expect(res.body.data.formats.answer).toMatchObject({
      text: 'The total timeout, when set, covers all attempts together, so a retry never extends a request past its total budget.',
      grounded: true,
    });
  });
});

describe('scrape passages under redact_pii', () => {
  it('quotes the redacted markdown, so offsets index the markdown returned', async () => {
    const { res } = await scrape(
      ['markdown', { type: 'highlights', query: 'write office hours', max_highlights: 1 }],
      {
        redact_pii: true,
      },
    );
    const { markdown, highlights } = res.body.data.formats;
    expect(highlights[0].text).toBe(
      'Write to [REDACTED_EMAIL] or call [REDACTED_PHONE] during office hours.',
    );
    expectSpansOf(markdown, highlights);
    expect(res.body.data.redaction).toEqual({ entities: { email: 1, phone: 1 }, count: 2, mode: 'fast' });
  });

  it('counts the markdown the passages were read from even when it is not returned', async () => {
    const { res } = await scrape([{ type: 'question', question: 'Who do I write to about the guide?' }], {
      redact_pii: true,
    });
    expect(
      res.body.data.formats.answer.evidence.map((e: { text: string }) => e.text).join(' '),
    ).not.toContain('docs-team@');
    expect(res.body.data.redaction).toEqual({ entities: { email: 1, phone: 1 }, count: 2, mode: 'fast' });
  });
});

describe('passages of a markdown document', () => {
  const markdown = [
    '# Install',
    '',
    'Version 2.0 of example.com ships today. It is faster!',
    '',
    '- Run the installer with defaults.',
    '1. Then restart the service twice.',
    '> Quoted advice for every reader here.',
    '',
    '| Plan | Price | Seats |',
    '| --- | --- | --- |',
    '| Pro | $20 | 5 seats |',
    '',
    '---',
    'Read more.',
    '',
    '```sh',
    'npm install tern',
    '```',
    '',
    '```',
    'unterminated fence body',
  ].join('\n');
  const passages = passagesOf(markdown);

  it('splits prose into sentences without cutting numbers or hosts, and drops markers and headings', () => {
    expect(passages.map((p) => [p.kind, p.text])).toEqual([
      ['sentence', 'Version 2.0 of example.com ships today.'],
      ['sentence', 'It is faster!'],
      ['sentence', 'Run the installer with defaults.'],
      ['sentence', 'Then restart the service twice.'],
      ['sentence', 'Quoted advice for every reader here.'],
      ['sentence', '| Pro | $20 | 5 seats |'],
      ['code_block', 'npm install tern'],
      ['code_block', 'unterminated fence body'],
    ]);
    expectSpansOf(markdown, passages);
  });

  it('counts the language of a code block as one of its terms', () => {
    expect(passages.find((p) => p.text === 'npm install tern')?.terms).toEqual([
      'sh',
      'npm',
      'install',
      'tern',
    ]);
  });

  it('ranks nothing on empty markdown and breaks ties by position', () => {
    expect(findHighlights(passagesOf(''), 'anything', 10)).toEqual([]);
    const twins = passagesOf('The cache is warm today.\n\nThe cache is warm today.');
    const ranked = findHighlights(twins, 'cache', 10);
    expect(ranked.map((h) => h.offset)).toEqual([0, 26]);
    expect(ranked[0].score).toBe(ranked[1].score);
  });

  it('stays linear on pathological lines', () => {
    const started = performance.now();
    for (const unit of ['!', '[', 'a.', '](', 'x ']) {
      findHighlights(passagesOf(`${unit.repeat(100_000)}z`), 'z', 10);
    }
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('grounds no answer on a question made only of function words', () => {
    const answer = answerQuestion(passages, 'What is it?');
    expect(answer).toEqual({ text: NOT_FOUND_ANSWER, grounded: false, evidence: [] });
  });

  it('stems the common English endings to one term', () => {
    const pairs: Array<[string, string]> = [
      ['timeouts', 'timeout'],
      ['retries', 'retried'],
      ['retrying', 'retry'],
      ['caching', 'cache'],
      ['running', 'run'],
      ["client's", 'client'],
      ['configured', 'configure'],
    ];
    for (const [a, b] of pairs) expect(stem(a), `${a} / ${b}`).toBe(stem(b));
    expect(stem('status')).toBe('status');
    expect(stem('straße')).toBe('straße');
  });
});
