import { describe, expect, it } from 'vitest';
import { findAssignedValue } from '../../lib/extract/embedded-state/assignments.js';
import { decodeDevalue } from '../../lib/extract/embedded-state/devalue-payload.js';
import { findEmbeddedState } from '../../lib/extract/embedded-state/index.js';
import { parseDataText, readCallArguments } from '../../lib/extract/embedded-state/js-literal.js';
import { LiteralError, scanBalanced } from '../../lib/extract/embedded-state/js-scan.js';
import { decodeFlight } from '../../lib/extract/embedded-state/next-flight.js';
import { toPlainJson } from '../../lib/extract/embedded-state/plain-json.js';

describe('scanBalanced', () => {
  it('ignores brackets inside strings, templates and comments', () => {
    const src = 'x = {"a":"}]","b":\'{\',c:`}`/* } */, d: [1,{e:2}]} ; tail';
    const start = src.indexOf('{');
    expect(src.slice(start, scanBalanced(src, start))).toBe(src.slice(start, src.indexOf(' ; tail')));
  });

  it('gives -1 for an unterminated or mismatched literal', () => {
    expect(scanBalanced('{"a":[1,2}', 0)).toBe(-1);
    expect(scanBalanced('{"a":"never closed}', 0)).toBe(-1);
  });
});

describe('parseDataText', () => {
  it('takes JSON as JSON', () => {
    expect(parseDataText('{"a":[1,2.5,"x"],"b":null}').value).toEqual({ a: [1, 2.5, 'x'], b: null });
  });

  it('reads the tolerant JavaScript subset pages use', () => {
    const text = `{a: 'single', "b": undefined, c: [1, 2,], d: !0, e: !1, f: void 0, g: .5, h: 0x1f, i: 1e3,
      j: -Infinity, k: NaN, l: 12n, m: new Date(0), n: \`tpl\`, 'o-p': 'it\\'s', q: "\\u00e9\\x41\\u{1F680}", // note
      r: new Map([["k", 1]]), s: new Set([1, 1, 2]), t: Array(2), u: [1,,2], 7: 'seven',}`;
    expect(parseDataText(text).value).toEqual({
      a: 'single',
      b: null,
      c: [1, 2],
      d: true,
      e: false,
      f: null,
      g: 0.5,
      h: 31,
      i: 1000,
      j: null,
      k: null,
      l: '12',
      m: '1970-01-01T00:00:00.000Z',
      n: 'tpl',
      'o-p': "it's",
      q: 'éA🚀',
      r: { k: 1 },
      s: [1, 2],
      t: [null, null],
      u: [1, null, 2],
      7: 'seven',
    });
  });

  it('unwraps JSON.parse strings, freezes and URI decoding', () => {
    expect(parseDataText(`JSON.parse('{"a":"b\\x27c"}')`).value).toEqual({ a: "b'c" });
    expect(parseDataText('Object.freeze(JSON.parse(decodeURIComponent("%7B%22a%22%3A1%7D")))').value).toEqual(
      { a: 1 },
    );
  });

  it.each([
    ['a call that is code', '{a: fetch("/x")}', 'call to fetch() is not read'],
    ['an outside variable', '{a: window.secret}', 'unknown identifier window.secret'],
    ['an operator', '{a: 1 + 2}', '"," or "}" expected'],
    ['a getter', '{get a() { return 1 }}', '":" expected after key "get"'],
    ['a function value', '{a: function () {}}', 'a function is code, not data'],
    ['a spread', '{...a}', 'a spread is code, not data'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the page text under test is a template literal
    ['a template with substitutions', '{a: `${x}`}', 'template literal with substitutions'],
    ['trailing code', '{a: 1} + 1', 'unexpected text after the value'],
  ])('refuses %s', (_, text, message) => {
    expect(() => parseDataText(text)).toThrow(LiteralError);
    expect(() => parseDataText(text)).toThrow(message);
  });

  it('refuses nesting deeper than the reader allows instead of overflowing the stack', () => {
    const deep = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
    expect(() => parseDataText(deep.replace('1', 'x'))).toThrow('nested deeper than 512 levels');
  });
});

describe('the IIFE form', () => {
  it('binds parameters to arguments in both call shapes', () => {
    expect(parseDataText('(function(a,b){return {x:a,y:[b,a]}}(1,"two"))').value).toEqual({
      x: 1,
      y: ['two', 1],
    });
    expect(parseDataText('(function(a){return {x:a}})(true)').value).toEqual({ x: true });
  });

  it('applies a.b=c links, including cycles, and marks nothing partial', () => {
    const read = parseDataText('(function(a,b){a.self=a;b[1]=a;return {a:a,b:b}}({n:1},Array(2)))');
    expect(read.partial).toBe(false);
    const plain = toPlainJson(read.value);
    expect(plain.value).toEqual({ a: { n: 1, self: '[Circular]' }, b: [null, { n: 1, self: '[Circular]' }] });
    expect(plain.cycles).toBe(2);
  });

  it('skips statements it cannot apply and marks the result partial', () => {
    const read = parseDataText('(function(a){doSomething(a);while(true){}return {a:a}}(1))');
    expect(read).toEqual({ value: { a: 1 }, partial: true });
  });

  it('never assigns through prototype keys', () => {
    const read = parseDataText(
      '(function(a){a.__proto__.hacked=1;a.constructor.prototype.hacked=1;return a}({}))',
    );
    expect(read.value).toEqual({});
    expect(({} as Record<string, unknown>).hacked).toBeUndefined();
  });
});

describe('findAssignedValue', () => {
  it('finds window., self., var and bracket assignments, skipping non-data right-hand sides', () => {
    const script = `window.__APP_STATE__ = window.__APP_STATE__ || {};
      if (window.__APP_STATE__ == null) {}
      self["__APP_STATE__"] = {"ready": true};`;
    expect(findAssignedValue(script, '__APP_STATE__')).toMatchObject({ ok: true, value: { ready: true } });
  });

  it('does not match a longer identifier that ends with the name', () => {
    expect(findAssignedValue('window.MY__STATE__ = {"a":1}', '__STATE__')).toBeNull();
  });

  it('reports why a data-looking value was not read', () => {
    expect(findAssignedValue('window.__STATE__ = {"a": [1, 2}', '__STATE__')).toEqual({
      ok: false,
      reason: 'the literal never closes',
    });
  });
});

describe('readCallArguments', () => {
  it('reads every argument of a push call', () => {
    const src = 'x.push({"a":1}, [2, undefined])';
    expect(readCallArguments(src, src.indexOf('(')).value).toEqual([{ a: 1 }, [2, null]]);
  });
});

describe('decodeFlight', () => {
  it('keeps rows with a tag it does not know, and empty-id hint rows of older Next.js', () => {
    const warnings: string[] = [];
    const flight = decodeFlight(
      Buffer.from(
        ':HL["/a.css","style"]\n1:E{"digest":"NEXT_NOT_FOUND"}\n2:"$Sreact.suspense"\n3:not json\n',
      ),
      warnings,
    );
    expect(flight.hints).toEqual([{ code: 'L', value: ['/a.css', 'style'] }]);
    expect(flight.other).toEqual([{ id: '1', tag: 'E', value: { digest: 'NEXT_NOT_FOUND' } }]);
    expect(flight.rows).toEqual({ 2: '$Sreact.suspense', 3: 'not json' });
    expect(warnings).toEqual(['next_f: 1 flight row(s) were not JSON and are kept as text']);
  });

  it('reads base64 binary pushes ([3, …]) into the same stream', () => {
    const chunk = Buffer.from('0:{"a":1}\n').toString('base64');
    const state = findEmbeddedState(`<script>self.__next_f.push([3,"${chunk}"])</script>`, { raw: false });
    expect((state.data.next_f as { rows: unknown }).rows).toEqual({ 0: { a: 1 } });
  });
});

describe('decodeDevalue', () => {
  it('passes unknown tags through instead of failing the payload', () => {
    expect(decodeDevalue([['Island', 1], { key: 2 }, 'value'])).toEqual({ key: 'value' });
  });

  it('refuses what is not a flattened payload', () => {
    expect(() => decodeDevalue({ not: 'an array' })).toThrow();
  });
});

describe('expansion limits', () => {
  it('skips a devalue payload whose shared references expand exponentially', () => {
    // Index 1 is a leaf; each later entry holds the one before it twice: 2^40 leaves as JSON.
    const payload: unknown[] = [null, 'leaf'];
    for (let i = 1; i <= 40; i += 1) payload.push([i, i]);
    payload[0] = [payload.length - 1];
    const html = `<script type="application/json" id="__NUXT_DATA__">${JSON.stringify(payload)}</script>`;
    const state = findEmbeddedState(html, { raw: false });
    expect(state.found).toEqual([]);
    expect(state.warnings[0]).toMatch(/^nuxt_data: __NUXT_DATA__ expands to more than 2000000 values/);
  });

  it('caps the array slots an IIFE may create', () => {
    const many = Array.from({ length: 20 }, () => 'Array(100000)').join(',');
    expect(() => parseDataText(`(function(){return [${many}]}())`)).toThrow(
      'creates more than 1000000 array slots',
    );
  });
});

describe('toPlainJson', () => {
  it('caps depth so the response always serialises', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 1500; i += 1) deep = [deep];
    const plain = toPlainJson(deep);
    expect(plain.truncatedDepth).toBe(true);
    expect(() => JSON.stringify(plain.value)).not.toThrow();
  });
});
