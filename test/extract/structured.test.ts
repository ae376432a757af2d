import { describe, expect, it } from 'vitest';
import { PageDocument, SelectorError, type StructuredItems } from '../../lib/extract/index.js';

const html = `<html><body>
  <h1>  Shop
     front </h1>
  <ul class="products">
    <li class="card"><a class="name" href="/p/1">Kettle</a><span class="price">$20</span></li>
    <li class="card"><a class="name" href="/p/2">Toaster</a></li>
    <li class="card"><a class="name" href="/p/3">Blender</a><span class="price">$45</span></li>
  </ul>
  <dl><dt>Colour</dt><dd>Red</dd><dt>Size</dt><dd>Large</dd></dl>
</body></html>`;
const doc = PageDocument.parse(html, 'https://shop.example/list');

describe('scrape_structured', () => {
  it('takes the first match per field, cleaned, null when nothing matches', () => {
    expect(doc.structured({ title: 'h1', first: '.name', missing: '.nope' })).toEqual({
      title: 'Shop front',
      first: 'Kettle',
      missing: null,
    });
  });

  it('keeps raw text with clean_text: false', () => {
    expect(doc.structured({ title: 'h1' }, { clean_text: false })).toEqual({ title: '  Shop\n     front ' });
  });

  it('adds requested attributes, URLs absolute', () => {
    expect(doc.structured({ first: '.name' }, { include_attributes: ['href', 'class', 'data-id'] })).toEqual({
      first: {
        text: 'Kettle',
        attributes: { href: 'https://shop.example/p/1', class: 'name', 'data-id': null },
      },
    });
  });

  it('groups fields by repeating container in multiple mode, null for a missing field', () => {
    const result = doc.structured({ name: '.name', price: '.price' }, { multiple: true }) as StructuredItems;
    expect(result.items).toEqual([
      { name: 'Kettle', price: '$20' },
      { name: 'Toaster', price: null },
      { name: 'Blender', price: '$45' },
    ]);
    expect(result).toMatchObject({ count: 3, total_found: 3 });
  });

  it('zips fields that share no container, and caps at max_items', () => {
    const result = doc.structured(
      { key: 'dt', value: 'dd' },
      { multiple: true, max_items: 1 },
    ) as StructuredItems;
    expect(result.items).toEqual([{ key: 'Colour', value: 'Red' }]);
    expect(result.total_found).toBe(2);
  });

  it('rejects an invalid selector', () => {
    expect(() => doc.structured({ bad: 'li[' })).toThrow(SelectorError);
  });
});
