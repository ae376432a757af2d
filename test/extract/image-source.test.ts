import { describe, expect, it } from 'vitest';
import { PageDocument } from '../../lib/extract/index.js';
import { imageSource } from '../../lib/extract/urls.js';

describe('the source an image will show', () => {
  it('takes the lazy loader source over the placeholder in src, data: or not', () => {
    expect(imageSource({ src: 'data:image/gif;base64,R0lGOD', 'data-src': '/big.jpg' })).toBe('/big.jpg');
    expect(imageSource({ src: '/spinner.svg', 'data-lazy-src': '/photo.jpg' })).toBe('/photo.jpg');
    expect(imageSource({ src: '/blur-20px.jpg', 'data-original': '/full.jpg' })).toBe('/full.jpg');
  });

  it('keeps src when no lazy source is set, or when the lazy one is itself a data: URI', () => {
    expect(imageSource({ src: '/a.png' })).toBe('/a.png');
    expect(imageSource({ src: '/a.png', 'data-src': 'data:image/png;base64,xx' })).toBe('/a.png');
  });

  it('takes the widest srcset candidate, lazy sets first', () => {
    expect(imageSource({ srcset: '/s-320.jpg 320w, /s-1280.jpg 1280w, /s-640.jpg 640w' })).toBe(
      '/s-1280.jpg',
    );
    expect(imageSource({ srcset: '/a.jpg, /a@2x.jpg 2x' })).toBe('/a@2x.jpg');
    expect(
      imageSource({ src: 'data:,', 'data-lazy-srcset': '/l-1.jpg 1x, /l-3.jpg 3x', srcset: '/x.jpg 9x' }),
    ).toBe('/l-3.jpg');
  });

  it('keeps an image CDN URL whole when it holds commas', () => {
    const srcset =
      'https://cdn.example/image/upload/w_400,h_300,c_fill/p.jpg 400w, https://cdn.example/image/upload/w_800,h_600,c_fill/p.jpg 800w';
    expect(imageSource({ srcset })).toBe('https://cdn.example/image/upload/w_800,h_600,c_fill/p.jpg');
  });

  it('is what the markdown and the image list show', () => {
    const doc = PageDocument.parse(
      '<body><p><img class="lazyload" src="/placeholder.svg" data-src="/photo.jpg" alt="A heron"></p></body>',
      'https://example.com/post/',
    );
    expect(doc.markdown({ onlyMainContent: false })).toBe('![A heron](https://example.com/photo.jpg)');
    expect(doc.images({ onlyMainContent: false })).toEqual(['https://example.com/photo.jpg']);
  });
});

describe('emoji drawn as images and custom elements in a sentence', () => {
  const doc = PageDocument.parse(
    '<body><p>Shipped <img class="emoji" alt="🎉" src="https://s.example/emoji/1f389.svg"> and ' +
      '<g-emoji alias="rocket" fallback-src="/rocket.png">🚀</g-emoji> today, flags <img alt="🇫🇷" src="/fr.png"> too.</p>' +
      '<p><img src="/chart.png" alt="A chart"></p>' +
      '<x-card><p>First card body</p></x-card><x-card><p>Second card body</p></x-card></body>',
    'https://example.com/',
  );

  it('keeps the emoji as characters of the line in markdown and text', () => {
    const line = 'Shipped 🎉 and 🚀 today, flags 🇫🇷 too.';
    expect(doc.markdown({ onlyMainContent: false })).toContain(line);
    expect(doc.text({ onlyMainContent: false })).toContain(line);
  });

  it('lists only the real images', () => {
    expect(doc.images({ onlyMainContent: false })).toEqual(['https://example.com/chart.png']);
  });

  it('still reads a custom element holding blocks as blocks', () => {
    expect(doc.markdown({ onlyMainContent: false })).toContain('First card body\n\nSecond card body');
  });
});
