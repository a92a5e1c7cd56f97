/**
 * Whether the browser draws CSS Custom Highlights (`CSS.highlights` with `::highlight()` in
 * app/globals.css): marks over a page's text that leave its DOM as it is. Where it does not, the
 * marks are simply not drawn.
 */
export const canHighlight = (): boolean => typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight !== 'undefined';
