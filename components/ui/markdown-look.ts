/**
 * How rendered Markdown looks (the tutor's replies, the grammar explanations): there is no
 * typography plugin in this project. Apart from model-markdown.tsx, which loads the renderer, so
 * that a screen can take the look without the renderer.
 */
export const markdownClass =
  'break-words [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_em]:text-ink [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-1.5 [&_strong]:font-semibold [&_strong]:text-ink [&_ul]:list-disc';
