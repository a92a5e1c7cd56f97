/**
 * A tutor's reply cut into fragments (spec section 3, "Chat message": content is fragments with
 * text and analyzeAble): the names of grammar points that appear in it become fragments the
 * learner can click for the point's explanation; the rest is plain text.
 */
export interface Fragment {
  text: string;
  analyzeAble: boolean;
}

/**
 * Splits `text` at every occurrence of one of `names`. Where names overlap (定语从句 inside
 * 非限制性定语从句) the longest one at the earliest place wins, and matches never overlap.
 */
export function splitFragments(text: string, names: Iterable<string>): Fragment[] {
  const sorted = [...new Set(names)].filter((n) => n.trim().length > 0).sort((a, b) => b.length - a.length);
  if (sorted.length === 0 || !text) return text ? [{ text, analyzeAble: false }] : [];
  const fragments: Fragment[] = [];
  let plainFrom = 0;
  let i = 0;
  while (i < text.length) {
    const name = sorted.find((n) => text.startsWith(n, i));
    if (!name) {
      i++;
      continue;
    }
    if (i > plainFrom) fragments.push({ text: text.slice(plainFrom, i), analyzeAble: false });
    fragments.push({ text: name, analyzeAble: true });
    i += name.length;
    plainFrom = i;
  }
  if (plainFrom < text.length) fragments.push({ text: text.slice(plainFrom), analyzeAble: false });
  return fragments;
}

// ---- inside rendered Markdown -------------------------------------------------------------------

/** The part of a HTML syntax tree (hast) the plugin below reads and writes. */
interface HastNode {
  type: string;
  value?: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** The attribute that marks a grammar point's name in rendered Markdown. */
export const GRAMMAR_FRAGMENT_ATTRIBUTE = 'data-grammar-point';

// Text inside these is left alone: code is quoted as written, and links are clickable already.
const KEEP_AS_IS = new Set(['code', 'pre', 'a', 'button']);

/**
 * A rehype plugin for react-markdown: the same splitting as splitFragments, applied to the text
 * of a rendered reply, so that the Markdown keeps its headings and emphasis and each grammar
 * point's name inside becomes a `<button data-grammar-point="name">` the page renders as a link
 * to its explanation.
 */
export function rehypeGrammarFragments(names: Iterable<string>) {
  const list = [...names];
  const walk = (node: HastNode) => {
    if (!node.children || (node.tagName && KEEP_AS_IS.has(node.tagName))) return;
    node.children = node.children.flatMap((child): HastNode[] => {
      if (child.type !== 'text' || !child.value) {
        walk(child);
        return [child];
      }
      return splitFragments(child.value, list).map((f) =>
        f.analyzeAble
          ? {
              type: 'element',
              tagName: 'button',
              properties: { type: 'button', dataGrammarPoint: f.text },
              children: [{ type: 'text', value: f.text }],
            }
          : { type: 'text', value: f.text },
      );
    });
  };
  return () => (tree: HastNode) => walk(tree);
}
