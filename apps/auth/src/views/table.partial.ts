import { html, type HtmlValue, type SafeHtml } from './html';

export interface TableInput {
  /** The table's own class, for its column styles (styles.ts); every table here is `responsive` (cards on narrow screens). */
  className?: string;
  /** Its accessible name: the id of the heading that names it, or the name itself where no heading does. */
  name: { labelledBy: string } | { label: string };
  /** The visible column headers, in order. */
  columns: readonly string[];
  /** The last column's header, for screen readers only: the column holds each row's buttons. */
  hiddenColumn: string;
  rows: HtmlValue;
}

/** The pages' data tables: one markup for the header, the roles and the accessible name. */
export function responsiveTable(input: TableInput): SafeHtml {
  const name = 'labelledBy' in input.name ? html`aria-labelledby="${input.name.labelledBy}"` : html`aria-label="${input.name.label}"`;
  return html`<table class="responsive${input.className ? ` ${input.className}` : ''}" role="table" ${name}>
      <thead role="rowgroup"><tr role="row">
        ${input.columns.map((column) => html`<th role="columnheader" scope="col">${column}</th>`)}
        <th role="columnheader" scope="col"><span class="visually-hidden">${input.hiddenColumn}</span></th>
      </tr></thead>
      <tbody role="rowgroup">${input.rows}</tbody>
    </table>`;
}
