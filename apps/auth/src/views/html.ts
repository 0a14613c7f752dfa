/**
 * The one escaping helper of the views. `html` escapes every interpolation unless it is a `SafeHtml`
 * (produced by `html` itself or, for trusted fragments, by `raw`), so a value can only reach the page
 * unescaped by someone writing `raw(...)` on purpose.
 */
export class SafeHtml {
  // A private field brands the class: a plain object with a `value` is not a SafeHtml.
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  toString(): string {
    return this.#value;
  }
}

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

function escapeText(text: string): string {
  return text.replace(/[&<>"'`]/g, (char) => ENTITIES[char] ?? char);
}

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.toString();
  // false/null/undefined make `${condition && html`...`}` render nothing; `true` has no sensible text either.
  if (value === null || value === undefined || typeof value === 'boolean') return '';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return (value as readonly HtmlValue[]).map(render).join('');
  // Strings, and anything untyped code slips in, are text.
  return escapeText(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Marks trusted markup (our own stylesheet, sections rendered by another view) as already safe. */
export function raw(trusted: string): SafeHtml {
  return new SafeHtml(trusted);
}

/**
 * An untrusted URL for an href/src: only http(s) and same-origin paths pass, anything else (javascript:,
 * data:, protocol-relative //host) becomes null so the caller renders a fallback. The result is still
 * interpolated through `html`, which escapes it for the attribute.
 */
export function safeUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const trimmed = url.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//') && !trimmed.startsWith('/\\')) return trimmed;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Builds a same-origin path from fixed segments and ids, each id percent-encoded as one path segment. */
export function pathTo(template: TemplateStringsArray, ...ids: string[]): string {
  let out = template[0] ?? '';
  ids.forEach((id, index) => {
    out += encodeURIComponent(id) + (template[index + 1] ?? '');
  });
  return out;
}
