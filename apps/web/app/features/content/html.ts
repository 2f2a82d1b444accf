const HEADING_TAG = /<(\/?)h([1-6])(?=[\s>/])/gi;

/**
 * Moves the headings of a piece of admin HTML so its top level becomes `top` (h2 under the page's
 * h1), keeping their relative order: the page outline never skips a level whatever the editor
 * picked. Levels past h6 stay h6.
 */
export function shiftHeadings(html: string, top = 2): string {
  let highest = 7;
  for (const match of html.matchAll(HEADING_TAG)) highest = Math.min(highest, Number(match[2]));
  if (highest === 7 || highest === top) return html;
  return html.replace(HEADING_TAG, (_tag, slash: string, level: string) => `<${slash}h${Math.min(6, Number(level) - highest + top)}`);
}

const IMG_WITH_ALT = /<img\b[^>]*?\salt="([^"]+)"[^>]*>/gi;

/**
 * Puts each picture's alt text right after it, in the `img-alt` span MediaImage renders too: hidden
 * (not announced twice), shown in the picture's place when the accessible version turns images off
 * (styles/a11y.css). Decorative pictures (empty alt) get none. The alt is already escaped HTML.
 */
export function withAltText(html: string): string {
  return html.replace(IMG_WITH_ALT, (tag, alt: string) => `${tag}<span class="img-alt">${alt.replace(/</g, '&lt;').replace(/>/g, '&gt;')}</span>`);
}
