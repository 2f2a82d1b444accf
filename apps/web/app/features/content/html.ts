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
