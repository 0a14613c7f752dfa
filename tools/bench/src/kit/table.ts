/** Figures as the reports print them: fixed digits, Markdown tables. */
export const fixed = (n: number, digits: number): string => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

/** A Markdown table, columns padded; `alignLeft` lists the columns aligned left (the others align right). */
export function table(header: string[], rows: string[][], alignLeft: number[] = [0]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const cell = (text: string, i: number) => (alignLeft.includes(i) ? text.padEnd(widths[i] as number) : text.padStart(widths[i] as number));
  const line = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (alignLeft.includes(i) ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}
