import Markdown, { type Components, type Options } from 'react-markdown';

/**
 * Markdown that the language model or the upstream wrote (the tutor's replies, explanations of
 * grammar and parts of speech), as the pages show it: react-markdown, which renders no raw HTML,
 * and no images. An image in a reply is fetched by the reader's browser from wherever the text
 * points, the moment it is shown: a model talked into writing one (by a sentence the learner
 * pasted, say) could send what the page shows to another host, or make the browser call one of
 * the site's own API addresses with the reader's cookies. The site's Content-Security-Policy
 * (scripts/security-headers.cjs, img-src) already refuses other hosts; showing an image as its
 * description keeps even the site's own addresses from being requested.
 */
export function ModelMarkdown({
  children,
  components,
  rehypePlugins,
}: Pick<Options, 'children' | 'components' | 'rehypePlugins'>) {
  return (
    <Markdown rehypePlugins={rehypePlugins} components={{ ...components, img: ImageAsText }}>
      {children}
    </Markdown>
  );
}

/** An image of the Markdown, as its description in brackets; nothing is fetched. */
const ImageAsText: Components['img'] = ({ alt }) => (
  <span data-testid="markdown-image" className="text-ink-mute">
    {alt?.trim() ? `［图片：${alt.trim()}］` : '［图片］'}
  </span>
);

export default ModelMarkdown;
