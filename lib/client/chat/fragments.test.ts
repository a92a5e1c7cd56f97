import { describe, expect, it } from 'vitest';
import { rehypeGrammarFragments, splitFragments } from './fragments';

describe('answer fragments', () => {
  it('makes the grammar points named in a reply clickable, the longest name first', () => {
    expect(splitFragments('这是非限制性定语从句，不是普通定语从句。', ['定语从句', '非限制性定语从句'])).toEqual([
      { text: '这是', analyzeAble: false },
      { text: '非限制性定语从句', analyzeAble: true },
      { text: '，不是普通', analyzeAble: false },
      { text: '定语从句', analyzeAble: true },
      { text: '。', analyzeAble: false },
    ]);
  });

  it('a reply that names none is one plain fragment; empty text none', () => {
    expect(splitFragments('主语是 book。', ['被动语态'])).toEqual([{ text: '主语是 book。', analyzeAble: false }]);
    expect(splitFragments('主语', [])).toEqual([{ text: '主语', analyzeAble: false }]);
    expect(splitFragments('', ['x'])).toEqual([]);
  });

  it('marks the names inside rendered Markdown, leaving code alone', () => {
    const tree = {
      type: 'root',
      children: [
        { type: 'element', tagName: 'p', children: [{ type: 'text', value: '本句含被动语态。' }] },
        { type: 'element', tagName: 'code', children: [{ type: 'text', value: '被动语态' }] },
      ],
    };
    rehypeGrammarFragments(['被动语态'])()(tree);
    expect(tree.children[0].children).toEqual([
      { type: 'text', value: '本句含' },
      {
        type: 'element',
        tagName: 'button',
        properties: { type: 'button', dataGrammarPoint: '被动语态' },
        children: [{ type: 'text', value: '被动语态' }],
      },
      { type: 'text', value: '。' },
    ]);
    expect(tree.children[1].children).toEqual([{ type: 'text', value: '被动语态' }]);
  });
});
