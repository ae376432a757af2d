import type { Cheerio, CheerioAPI } from 'cheerio/slim';
import type { AnyNode } from 'domhandler';
import { ApiError } from '../../../errors/api-error.js';
import { absoluteUrl, allTexts, blockText, firstAttr, firstText, parsePage } from '../shared/markup.js';
import { countOf, isoTime, numberOf } from '../shared/values.js';
import { definePageTemplate } from '../template.js';

/** The network's sites share one engine and one markup. */
const NETWORK_HOST =
  /^(?:(?:[a-z]{2}\.)?stackoverflow\.com|[a-z0-9-]+\.stackexchange\.com|serverfault\.com|superuser\.com|askubuntu\.com|mathoverflow\.net|stackapps\.com)$/;
const QUESTION_PATH = /^\/(?:questions|q)\/(\d+)(?:\/|$)/;

export const qaSiteQuestion = definePageTemplate({
  id: 'qa-site-question',
  name: 'Q&A site question',
  description:
    'A question page of the largest programming Q&A site (and the sites of its network): title, body, score, ' +
    'views, tags, author, asked and modified times, and every answer on the page with its score, author and ' +
    'whether it is the accepted one.',
  mode: 'entity',
  group: 'page',
  sources: [
    'https://stackoverflow.com/questions/<id>/<slug>',
    'https://<site>.stackexchange.com/questions/<id>',
  ],
  examples: [
    'https://stackoverflow.com/questions/78912345/why-does-my-goroutine-leak-when-the-context-is-cancelled',
    'https://stackoverflow.com/q/78912345',
    'https://unix.stackexchange.com/questions/12345/how-to-list-open-ports',
  ],
  match: (url) =>
    NETWORK_HOST.test(url.hostname.toLowerCase()) && QUESTION_PATH.test(url.pathname) ? 'host' : null,
  async extract(ctx, url) {
    const page = await ctx.reader.page(url.href);
    const $ = parsePage(page.body);
    const question = $('#question, .question[data-questionid]').first();
    const title = firstText($, '#question-header h1') ?? firstText($, 'h1[itemprop="name"]');
    if (question.length === 0 || title === null) {
      throw new ApiError('NO_TEMPLATE_MATCH', `${page.finalUrl} is not a Q&A question page`);
    }
    const origin = new URL(page.finalUrl).origin;
    const answers = $('#answers .answer')
      .toArray()
      .map((node) => answerRecord($, $(node), origin));
    return {
      data: {
        id: question.attr('data-questionid') ?? QUESTION_PATH.exec(url.pathname)?.[1] ?? null,
        title,
        url: firstAttr($, 'link[rel="canonical"]', 'href') ?? page.finalUrl,
        body: blockText(question.find('.js-post-body').first(), page.finalUrl),
        score:
          numberOf(question.attr('data-score') ?? null) ?? numberOf(firstText($, '.js-vote-count', question)),
        views: countOf(
          /Viewed ([\d,]+) times/.exec(firstAttr($, '[title^="Viewed"]', 'title') ?? '')?.[1] ?? null,
        ),
        answer_count:
          numberOf(firstAttr($, '#answers-header [data-answercount]', 'data-answercount')) ?? answers.length,
        accepted_answer_id: answers.find((answer) => answer.accepted)?.id ?? null,
        tags: allTexts($, '.post-taglist a.post-tag', question),
        asked_at: utcTime(firstAttr($, 'time[itemprop="dateCreated"]', 'datetime')),
        modified_at: utcTime(firstAttr($, 'a[href="?lastactivity"]', 'title')),
        author: userOf($, question.find('.post-signature.owner').first(), origin),
        answers,
      },
      fetchedUrl: page.finalUrl,
    };
  },
});

/** The site writes UTC times without a zone ("2024-09-03T08:41:17", "2024-09-05 17:02:44Z"). */
function utcTime(value: string | null): string | null {
  if (value === null) return null;
  return isoTime(
    /[zZ]|[+-]\d{2}:\d{2}$/.test(value) ? value.replace(' ', 'T') : `${value.replace(' ', 'T')}Z`,
  );
}

function userOf($: CheerioAPI, signature: Cheerio<AnyNode>, origin: string) {
  const link = signature.find('.user-details a').first();
  if (link.length === 0) {
    const anonymous = firstText($, '.user-details', signature);
    return anonymous ? { name: anonymous, url: null, reputation: null } : null;
  }
  const reputation = signature.find('.reputation-score').first();
  return {
    name: link.text().trim() || null,
    url: absoluteUrl(link.attr('href'), origin),
    reputation:
      countOf(/[\d,]+/.exec(reputation.attr('title') ?? '')?.[0] ?? null) ?? countOf(reputation.text()),
  };
}

function answerRecord($: CheerioAPI, answer: Cheerio<AnyNode>, origin: string) {
  const id = answer.attr('data-answerid') ?? null;
  // The author's signature says "answered"; an editor's, beside it, says "edited".
  const signature = answer
    .find('.post-signature')
    .toArray()
    .map((node) => $(node))
    .find((candidate) => /answered/i.test(candidate.find('.user-action-time').text()));
  return {
    id,
    score: numberOf(answer.attr('data-score') ?? null) ?? numberOf(firstText($, '.js-vote-count', answer)),
    accepted: answer.hasClass('accepted-answer'),
    body: blockText(answer.find('.js-post-body').first(), origin),
    author: signature ? userOf($, signature, origin) : null,
    answered_at: signature ? utcTime(signature.find('.relativetime').first().attr('title') ?? null) : null,
    url: id ? `${origin}/a/${id}` : null,
  };
}
