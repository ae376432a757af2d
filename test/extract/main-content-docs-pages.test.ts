import { describe, expect, it } from 'vitest';
import { mainText } from './main-text.js';

describe('a documentation page with its code samples in tabs, one shown', () => {
  const languages = [
    ['Python', 'pip install flask notifier'],
    ['Node.js', 'npm install express notifier'],
    ['Ruby', 'gem install sinatra notifier'],
  ];
  const html = `<html><body>
    <nav class="docs-sidebar"><ul><li><a href="/a">Overview</a></li><li><a href="/b">Quickstart</a></li><li><a href="/c">API reference</a></li></ul></nav>
    <main><article>
      <h1>Send your first notification</h1>
      <p>In this quickstart you build a small web application that sends a notification to a phone, using the REST API and one of our SDKs.</p>
      <h2>Complete the prerequisites</h2>
      <p>Select your programming language and install what the sample needs before you write any code.</p>
      <div class="tabs">
        <div role="tablist">${languages.map(([name]) => `<button role="tab">${name}</button>`).join('')}</div>
        ${languages
          .map(
            ([name, command], i) => `<div role="tabpanel" ${i === 0 ? '' : 'hidden style="display:none"'}>
          <ul><li><a href="https://lang.example/${name}">Install ${name}</a>.</li><li><a href="https://tunnel.example">Install the tunnel tool</a>.</li></ul>
          <p>Then install the web framework and the SDK, run:</p><pre><code>${command}</code></pre></div>`,
          )
          .join('\n')}
      </div>
      <h2>Send a message</h2>
      <p>Open the console, copy your account key into the sample, and run it: the phone receives the message within a few seconds.</p>
    </article></main>
    <footer><p>Copyright Notifier Inc. Terms. Privacy.</p></footer>
  </body></html>`;

  it('keeps every tab, the hidden ones too: they are the same step for another language', () => {
    const text = mainText(html);
    for (const [, command] of languages) expect(text).toContain(command);
    expect(text).toContain('Open the console, copy your account key');
  });

  it('leaves the docs navigation and the footer out', () => {
    const text = mainText(html);
    expect(text).not.toContain('API reference');
    expect(text).not.toContain('Copyright Notifier');
  });

  it('still leaves out a hidden block that is not a tab panel', () => {
    const hidden = html.replace(
      '</article>',
      '<div style="display:none"><p>Survey: how likely are you to recommend these docs to a friend or colleague?</p></div></article>',
    );
    expect(mainText(hidden)).not.toContain('how likely are you to recommend');
  });
});
