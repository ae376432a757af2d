import { describe, expect, it } from 'vitest';
import { summarizeContentTool } from '../../lib/tools/summarize-content/index.js';
import { contentFormContext, expectEveryFieldDocumented } from './content-tool-support.js';

const parse = (body: unknown) => summarizeContentTool.schema.safeParse(body);
const fields = (body: unknown) => parse(body).error?.issues.map((issue) => issue.path.join('.'));

const text =
  'The council approved the new budget on Monday. Spending on parks rises by ten percent next year. ' +
  'A vote on the transport plan was postponed until spring. Residents can comment online until March.';

describe('summarize_content schema', () => {
  it('applies the docs/reference/pages.md#summarize_content defaults', () => {
    expect(parse({ content: 'x' }).data).toEqual({
      content: 'x',
      max_sentences: 5,
      summary_type: 'extractive',
      include_metadata: false,
      timeout: 10000,
      respect_robots: true,
    });
  });

  it('requires url or content and names the field', () => {
    expect(fields({})).toEqual(['url']);
    expect(parse({}).error?.issues[0]?.message).toBe('one of url or content is required');
  });

  it('bounds max_sentences to 1..20 and timeout to 1000..30000', () => {
    expect(fields({ content: 'x', max_sentences: 0 })).toEqual(['max_sentences']);
    expect(fields({ content: 'x', max_sentences: 21 })).toEqual(['max_sentences']);
    expect(fields({ content: 'x', max_sentences: 2.5 })).toEqual(['max_sentences']);
    expect(parse({ content: 'x', max_sentences: 20 }).success).toBe(true);
    expect(fields({ content: 'x', timeout: 500 })).toEqual(['timeout']);
  });

  it('accepts only the three summary types', () => {
    for (const summary_type of ['extractive', 'key_points', 'brief']) {
      expect(parse({ content: 'x', summary_type }).success).toBe(true);
    }
    expect(fields({ content: 'x', summary_type: 'abstractive' })).toEqual(['summary_type']);
  });

  it('has price 4 and an example body that validates', () => {
    expect(summarizeContentTool.price).toBe(4);
    expect(summarizeContentTool.basePrice).toBe(4);
    expect(summarizeContentTool.name).toBe('summarize_content');
    expect(parse(summarizeContentTool.example).success).toBe(true);
    expect(summarizeContentTool.example).toHaveProperty('content');
  });

  it('documents every field with a description and an example', () => {
    expectEveryFieldDocumented(summarizeContentTool.schema);
  });
});

describe('summarize_content run (content form)', () => {
  it('returns the docs/reference/pages.md#summarize_content fields with metadata null', async () => {
    const input = parse({ content: text, max_sentences: 2, include_metadata: true }).data!;
    const { data } = await summarizeContentTool.run(contentFormContext(), input);
    expect(data).toEqual({
      summary:
        'The council approved the new budget on Monday. Spending on parks rises by ten percent next year.',
      summary_type: 'extractive',
      original_length: text.length,
      summary_length: 96,
      compression_ratio: 0.49,
      sentences_used: 2,
      total_sentences: 4,
      metadata: null,
    });
  });

  it('key_points returns an array of strings', async () => {
    const { data } = await summarizeContentTool.run(
      contentFormContext(),
      parse({ content: text, summary_type: 'key_points', max_sentences: 3 }).data!,
    );
    expect(data.summary).toHaveLength(3);
    expect(data.sentences_used).toBe(3);
  });

  it('brief ignores max_sentences and answers the notice when nothing is long enough', async () => {
    const brief = await summarizeContentTool.run(
      contentFormContext(),
      parse({ content: text, summary_type: 'brief', max_sentences: 3 }).data!,
    );
    expect(brief.data.summary).toBe('The council approved the new budget on Monday.');
    const none = await summarizeContentTool.run(
      contentFormContext(),
      parse({ content: 'Hi.', summary_type: 'brief' }).data!,
    );
    expect(none.data).toMatchObject({
      summary: 'No content to summarize',
      sentences_used: 0,
      total_sentences: 0,
    });
  });
});
