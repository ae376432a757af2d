import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  html,
  type PlatformServer,
  platformFixture,
  startPlatformServer,
} from '../../../../test/templates/platform-server.js';
import { runTemplate } from '../../../../test/templates/run-template.js';
import { qaSiteQuestion } from './index.js';

let server: PlatformServer;
const QUESTION = '/questions/78912345/why-does-my-goroutine-leak-when-the-context-is-cancelled';

beforeAll(async () => {
  server = await startPlatformServer({
    [`stackoverflow.com${QUESTION}`]: html(platformFixture('qa-site-question/question.html')),
  });
});
afterAll(() => server.close());

describe('qa-site-question', () => {
  it('reads the question, its author and every answer', async () => {
    const run = await runTemplate(server, qaSiteQuestion, { url: `https://stackoverflow.com${QUESTION}` });
    expect(run.data).toEqual({
      id: '78912345',
      title: 'Why does my goroutine leak when the context is cancelled?',
      url: `https://stackoverflow.com${QUESTION}`,
      body: 'My worker stops reading from the channel after ctx.Done(), but pprof still shows 4,000 goroutines blocked on send.\n\ngo func() {\n    results <- work(job)\n}()\n\nHow do I stop the senders too?',
      score: 23,
      views: 1284,
      answer_count: 2,
      accepted_answer_id: '78912399',
      tags: ['go', 'concurrency', 'goroutine'],
      asked_at: '2024-09-03T08:41:17.000Z',
      modified_at: '2024-09-05T17:02:44.000Z',
      author: { name: 'robot_ops', url: 'https://stackoverflow.com/users/2222/robot-ops', reputation: 1204 },
      answers: [
        {
          id: '78912399',
          score: 41,
          accepted: true,
          body: 'The senders block because nobody receives after cancellation. Select on the context in the sender as well:\n\nselect {\ncase results <- work(job):\ncase <-ctx.Done():\n}',
          author: {
            name: 'gopher_gail',
            url: 'https://stackoverflow.com/users/3333/gopher-gail',
            reputation: 52310,
          },
          answered_at: '2024-09-03T09:15:33.000Z',
          url: 'https://stackoverflow.com/a/78912399',
        },
        {
          id: '78913010',
          score: -1,
          accepted: false,
          body: 'Use a buffered channel.',
          author: {
            name: 'quick_fix',
            url: 'https://stackoverflow.com/users/4444/quick-fix',
            reputation: 310,
          },
          answered_at: '2024-09-04T11:00:00.000Z',
          url: 'https://stackoverflow.com/a/78913010',
        },
      ],
    });
  });

  it('recognises question URLs of the network', () => {
    for (const example of qaSiteQuestion.examples)
      expect(qaSiteQuestion.match(new URL(example))).toBe('host');
    expect(qaSiteQuestion.match(new URL('https://stackoverflow.com/questions/tagged/go'))).toBeNull();
  });
});
