import { describe, expect, it } from 'vitest';
import { PageDocument } from '../../lib/extract/index.js';

const prose = (topic: string) =>
  `<p>The ${topic} is derived below in a few short steps, each of which follows from the one before it, ` +
  'so that a reader who knows the definitions can check every line without outside help.</p>';

function page(formula: string): PageDocument {
  return PageDocument.parse(
    `<html><head><title>Notes</title></head><body><nav><a href="/">Home</a></nav><article><h1>Notes</h1>
    ${prose('identity')}<p>It states that ${formula} holds for every value.</p>${prose('corollary')}
    </article><footer>Site footer</footer></body></html>`,
    'https://notes.example/formulas',
  );
}

/** Every output a page tool gives, whole page and main content. */
function outputs(doc: PageDocument): string[] {
  return [true, false].flatMap((onlyMainContent) => [
    doc.markdown({ onlyMainContent }),
    doc.text({ onlyMainContent }),
    doc.cleanHtml({ onlyMainContent }),
  ]);
}

describe('formulas (MathML, KaTeX, MathJax, MediaWiki)', () => {
  it('reads plain MathML as one line of symbols, not one symbol per paragraph', () => {
    const doc = page('<math><mi>x</mi><mo>=</mo><mn>2</mn></math>');
    for (const out of outputs(doc)) expect(out).toContain('It states that x=2 holds for every value.');
  });

  it("gives KaTeX's TeX once, unescaped, and leaves out its drawn glyphs", () => {
    const doc = page(
      '<span class="katex"><span class="katex-mathml"><math><semantics><mrow><msub><mi>a</mi><mn>1</mn></msub>' +
        '<mo>*</mo><mi>b</mi></mrow><annotation encoding="application/x-tex">a_1 * b</annotation></semantics></math>' +
        '</span><span class="katex-html" aria-hidden="true"><span class="mord">a</span><span class="msupsub">1</span>' +
        '<span class="mbin">∗</span><span class="mord">b</span></span></span>',
    );
    for (const out of outputs(doc)) {
      expect(out).toContain('It states that $a_1 * b$ holds for every value.');
      expect(out).not.toContain('a1∗b');
    }
  });

  it("keeps MediaWiki's hidden MathML, the formula's source, and drops its fallback image", () => {
    const doc = page(
      '<span class="mwe-math-element"><span class="mwe-math-mathml-inline mwe-math-mathml-a11y" style="display: none;">' +
        '<math alttext="{\\displaystyle e^{i\\pi }+1=0}"><semantics><mrow><msup><mi>e</mi><mrow><mi>i</mi><mi>π</mi></mrow></msup>' +
        '<mo>+</mo><mn>1</mn><mo>=</mo><mn>0</mn></mrow><annotation encoding="application/x-tex">{\\displaystyle e^{i\\pi }+1=0}</annotation>' +
        '</semantics></math></span><img src="https://wikimedia.org/api/rest_v1/media/math/render/svg/4f" ' +
        'class="mwe-math-fallback-image-inline" aria-hidden="true" alt="{\\displaystyle e^{i\\pi }+1=0}"></span>',
    );
    const euler = ['$', '{\\displaystyle e^{i\\pi }+1=0}', '$'].join('');
    for (const out of outputs(doc)) {
      expect(out).toContain(`It states that ${euler} holds for every value.`);
      expect(out).not.toContain('render/svg');
    }
  });

  it("sets a display formula apart with $$ and reads MathJax's assistive MathML", () => {
    const doc = page(
      '<mjx-container class="MathJax" jax="CHTML" display="true"><mjx-math display="true" aria-hidden="true">' +
        '<mjx-mi><mjx-c class="mjx-c1D465"></mjx-c></mjx-mi></mjx-math><mjx-assistive-mml display="block">' +
        '<math display="block" alttext="\\sum_{k=1}^n k"><munderover><mo>∑</mo><mrow><mi>k</mi><mo>=</mo><mn>1</mn></mrow>' +
        '<mi>n</mi></munderover><mi>k</mi></math></mjx-assistive-mml></mjx-container>',
    );
    for (const out of outputs(doc)) expect(out).toContain('$$\\sum_{k=1}^n k$$');
  });

  it('leaves an aria-hidden icon alone where no formula sits beside it', () => {
    const doc = page('<span><span aria-hidden="true">★</span> the rating rule</span>');
    expect(doc.markdown({ onlyMainContent: false })).toContain('★ the rating rule');
  });
});

describe('formulas on hostile pages', () => {
  it('reads a formula beside thousands of hidden icons in one pass (only neighbours are asked)', () => {
    const icons = '<span aria-hidden="true">*</span>'.repeat(20_000);
    const doc = PageDocument.parse(
      `<body><div>${icons}<math alttext="y"><mi>y</mi></math></div></body>`,
      'https://e.example/',
    );
    const markdown = doc.markdown({ onlyMainContent: false });
    expect(markdown.endsWith('$y$')).toBe(true);
    // Icons not next to the formula stay: only the drawing beside it is a copy.
    expect(markdown.split('\\*').length - 1).toBe(19_999);
  });
});
