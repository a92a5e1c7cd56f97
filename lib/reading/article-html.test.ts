import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { articleTextHtml, escapeHtml } from './article-html';

describe('the text as HTML', () => {
  it('is paragraphs of sentence spans with the library’s ids, a space between sentences', () => {
    const html = articleTextHtml([
      [
        { id: 7, text: 'One.' },
        { id: 8, text: 'Two.' },
      ],
      [],
      [{ id: 9, text: 'Three.' }],
    ]);
    expect(html).toBe('<p><span id="s-7">One.</span> <span id="s-8">Two.</span></p>\n<p><span id="s-9">Three.</span></p>');
  });

  it('keeps any text as text: markup in a document never becomes markup on the page', () => {
    const hostile = `<script>alert(1)</script> <img src=x onerror="alert('x')"> & "quotes" Tom's`;
    const { document } = parseHTML(`<div>${articleTextHtml([[{ id: 1, text: hostile }]])}</div>`);
    expect(document.querySelectorAll('script, img')).toHaveLength(0);
    expect(document.querySelector('#s-1')?.textContent).toBe(hostile);
    expect(escapeHtml(`a<b>&"'`)).toBe('a&lt;b&gt;&amp;&quot;&#39;');
  });
});
