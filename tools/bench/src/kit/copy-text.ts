/** Encoding of values for `COPY … FROM STDIN` in PostgreSQL's text format (tab-separated, `\N` for NULL). */

export type CopyValue = string | number | boolean | null | readonly string[];

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const NEEDS_ESCAPE = /[\\\n\r\t]/;
const ESCAPED = /[\\\n\r\t]/g;

/** Escapes a string for the text format: backslash, newline, carriage return and tab. */
export function escapeCopyText(value: string): string {
  return NEEDS_ESCAPE.test(value) ? value.replace(ESCAPED, (c) => ESCAPES[c] as string) : value;
}

/** A PostgreSQL array literal of text elements: every element double-quoted, `"` and `\` backslash-escaped. */
export function pgTextArray(values: readonly string[]): string {
  if (values.length === 0) return '{}';
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

function encode(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'string') return escapeCopyText(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`cannot COPY ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return escapeCopyText(pgTextArray(value));
}

/** One row, newline-terminated. */
export function copyLine(values: readonly CopyValue[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) line += '\t';
    line += encode(values[i] as CopyValue);
  }
  return `${line}\n`;
}
