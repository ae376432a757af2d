import { describe, expect, it } from 'vitest';
import { PageDocument } from '../../lib/extract/index.js';

const URL = 'https://example.com/thread/42';

describe('images that show nothing', () => {
  const doc = PageDocument.parse(
    `<html><body>
      <table><tr><td><img src="/s.gif" height="1" width="40"></td><td>A reply, indented by a spacer.</td></tr></table>
      <p>Body text.<img src="https://counter.example.net/p/abc" width="1" height="1" alt=""></p>
      <p><img src="/chart.png" width="0" height="0" alt="Sales by month"> <img src="/photo.jpg"></p>
    </body></html>`,
    URL,
  );

  it('leaves spacer GIFs and counting pixels out of markdown and the image list', () => {
    const markdown = doc.markdown({ onlyMainContent: false });
    expect(markdown).not.toContain('s.gif');
    expect(markdown).not.toContain('counter.example.net');
    expect(doc.images({ onlyMainContent: false })).toEqual([
      'https://example.com/chart.png',
      'https://example.com/photo.jpg',
    ]);
  });

  it('keeps an image with alt text or without size attributes', () => {
    const markdown = doc.markdown({ onlyMainContent: false });
    expect(markdown).toContain('![Sales by month](https://example.com/chart.png)');
    expect(markdown).toContain('![](https://example.com/photo.jpg)');
  });
});
