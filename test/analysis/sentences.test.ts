import { describe, expect, it } from 'vitest';
import { isCjkText, joinSentences, splitSentences } from '../../lib/analysis/sentences.js';

describe('splitSentences', () => {
  it('splits at . ! ? and keeps the terminator', () => {
    expect(
      splitSentences(
        'This is the first sentence here. Is this the second sentence? Yes, this is the third one!',
      ),
    ).toEqual([
      'This is the first sentence here.',
      'Is this the second sentence?',
      'Yes, this is the third one!',
    ]);
  });

  it('drops fragments under 20 characters, measured without the terminator', () => {
    const exactly20 = 'abcde abcde abcde ab'; // 20 characters
    const only19 = 'abcde abcde abcde a'; // 19 characters
    expect(splitSentences(`${exactly20}. ${only19}.`)).toEqual([`${exactly20}.`]);
    expect(splitSentences('Hi! Ok. Short one.')).toEqual([]);
  });

  it('does not split inside decimals, domains or versions', () => {
    expect(
      splitSentences('Version 3.14 of example.com shipped with v1.2.3 today. Another sentence long enough.'),
    ).toEqual(['Version 3.14 of example.com shipped with v1.2.3 today.', 'Another sentence long enough.']);
  });

  it('splits CJK text at 。！？ without spaces and keeps CJK sentences of 8+ characters', () => {
    const text = '今天天气很好我们去公园。这个句子短。你今天想去哪里玩呢？太好了！我们一起去看电影吧！';
    expect(splitSentences(text)).toEqual([
      '今天天气很好我们去公园。',
      '你今天想去哪里玩呢？',
      '我们一起去看电影吧！',
    ]);
  });

  it('applies the 8-character rule at its boundary for CJK', () => {
    expect(splitSentences('一二三四五六七八。一二三四五六七。')).toEqual(['一二三四五六七八。']);
  });

  it('accepts ASCII ! and ? right before CJK text', () => {
    expect(splitSentences('这是第一个很长的句子!这是第二个很长的句子?')).toEqual([
      '这是第一个很长的句子!',
      '这是第二个很长的句子?',
    ]);
  });

  it('treats a blank line as a sentence end and collapses whitespace', () => {
    expect(splitSentences('A heading without a full stop\n\nThe body   starts\nhere and goes on.')).toEqual([
      'A heading without a full stop',
      'The body starts here and goes on.',
    ]);
  });

  it('keeps closing quotes with their sentence', () => {
    expect(splitSentences('She said "this is really good." Then she left the room quietly.')).toEqual([
      'She said "this is really good."',
      'Then she left the room quietly.',
    ]);
  });

  it('stays linear on pathological runs of terminators and closers', () => {
    const started = performance.now();
    splitSentences(`${'!'.repeat(200_000)}a`);
    splitSentences(`${')'.repeat(200_000)}a.`);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('returns nothing for empty or whitespace-only text', () => {
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences('   \n\n  ')).toEqual([]);
  });
});

describe('isCjkText / joinSentences', () => {
  it('classifies by the share of CJK letters', () => {
    expect(isCjkText('日本語の文章です')).toBe(true);
    expect(isCjkText('I love 寿司 very much')).toBe(false);
    expect(isCjkText('12345')).toBe(false);
  });

  it('joins CJK sentences without a space and others with one', () => {
    expect(joinSentences(['今天天气很好我们去公园。', '你今天想去哪里玩呢？'])).toBe(
      '今天天气很好我们去公园。你今天想去哪里玩呢？',
    );
    expect(joinSentences(['First sentence.', 'Second sentence.'])).toBe('First sentence. Second sentence.');
  });
});
