import { describe, expect, it } from 'vitest';
import { analyzeContentTool } from '../../lib/tools/analyze-content/index.js';
import { contentFormContext, expectEveryFieldDocumented } from './content-tool-support.js';

const parse = (body: unknown) => analyzeContentTool.schema.safeParse(body);
const fields = (body: unknown) => parse(body).error?.issues.map((issue) => issue.path.join('.'));

describe('analyze_content schema', () => {
  it('applies the docs/reference/pages.md#analyze_content defaults', () => {
    expect(parse({ content: 'x' }).data).toEqual({
      content: 'x',
      analyze_sentiment: false,
      extract_keywords: true,
      detect_language: true,
      analyze_readability: false,
      timeout: 10000,
      respect_robots: true,
    });
  });

  it('requires url or content and names the field', () => {
    const result = parse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['url'], message: 'one of url or content is required' }),
    ]);
  });

  it('bounds timeout to 1000..30000', () => {
    expect(fields({ content: 'x', timeout: 999 })).toEqual(['timeout']);
    expect(fields({ content: 'x', timeout: 30001 })).toEqual(['timeout']);
    expect(parse({ content: 'x', timeout: 1000 }).success).toBe(true);
    expect(parse({ content: 'x', timeout: 30000 }).success).toBe(true);
  });

  it('refuses non-http(s) URLs, empty content and non-boolean flags', () => {
    expect(fields({ url: 'javascript:alert(1)' })).toEqual(['url']);
    expect(fields({ url: 'ftp://example.com/file' })).toEqual(['url']);
    expect(fields({ content: '' })).toEqual(['content']);
    expect(fields({ content: 'x', analyze_sentiment: 'yes' })).toEqual(['analyze_sentiment']);
  });

  it('has price 3 and an example body that validates', () => {
    expect(analyzeContentTool.price).toBe(3);
    expect(analyzeContentTool.basePrice).toBe(3);
    expect(analyzeContentTool.name).toBe('analyze_content');
    expect(parse(analyzeContentTool.example).success).toBe(true);
    expect(analyzeContentTool.example).toHaveProperty('content');
  });

  it('documents every field with a description and an example', () => {
    expectEveryFieldDocumented(analyzeContentTool.schema);
  });
});

describe('analyze_content run (content form)', () => {
  it('returns the docs/reference/pages.md#analyze_content fields', async () => {
    const ctx = contentFormContext();
    const input = parse({
      content:
        'Our new release is faster and far more reliable. Customers say the setup is a pleasure. ' +
        'The old importer was slow and confusing, and we are glad to retire it.',
      analyze_sentiment: true,
      analyze_readability: true,
    }).data!;
    const { data } = await analyzeContentTool.run(ctx, input);
    expect(Object.keys(data).sort()).toEqual(
      [
        'content_length',
        'word_count',
        'sentence_count',
        'avg_sentence_length',
        'language',
        'keywords',
        'sentiment',
        'readability',
      ].sort(),
    );
    expect(data.language).toBe('en');
    expect(data.sentence_count).toBe(3);
    expect(data.sentiment).toMatchObject({ method: 'lexicon', label: 'positive' });
    expect(data.readability).toEqual({ flesch_score: expect.any(Number), grade_level: expect.any(String) });
    expect(data.keywords!.length).toBeLessThanOrEqual(10);
  });

  it('gives null for parts switched off', async () => {
    const input = parse({
      content: 'Plain words in a plain sentence here.',
      extract_keywords: false,
      detect_language: false,
    }).data!;
    const { data } = await analyzeContentTool.run(contentFormContext(), input);
    expect(data).toMatchObject({ keywords: null, language: null, sentiment: null, readability: null });
  });

  it('answers not_applicable sentiment for French without lexicon hits', async () => {
    const input = parse({
      content: 'Le chat dort sur la chaise dans la cuisine. Il fait beau et nous sommes à la maison.',
      analyze_sentiment: true,
    }).data!;
    const { data } = await analyzeContentTool.run(contentFormContext(), input);
    expect(data.language).toBe('fr');
    expect(data.sentiment).toEqual({
      score: 0,
      label: 'not_applicable',
      notApplicable: 'sentiment-lexicon-is-english-only',
      positive_matches: 0,
      negative_matches: 0,
      method: 'lexicon',
    });
  });

  it('reports und for digits-only content', async () => {
    const { data } = await analyzeContentTool.run(
      contentFormContext(),
      parse({ content: '12345 67890' }).data!,
    );
    expect(data.language).toBe('und');
    expect(data.keywords).toEqual([]);
  });
});
