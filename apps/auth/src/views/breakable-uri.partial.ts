import { SafeHtml, html } from './html';

/**
 * A URI that may wrap after its separators (/ . ? & = - _ # :) and nowhere else: a <wbr> after each one. Long
 * URIs in a narrow column then break between path segments, not mid-word (issue 19). `overflow-wrap: break-word`
 * on the element remains the last resort for a single segment wider than the column; unlike `anywhere`, it does
 * not shrink the column's minimum width to one character, which is what made the table wrap every URI mid-word.
 */
export function breakableUri(uri: string): SafeHtml {
  const pieces = uri.split(/(?<=[/.?&=\-_#:])/);
  return html`${pieces.map((piece, index) => (index === 0 ? piece : html`<wbr>${piece}`))}`;
}
