/** A query parameter value; an array is sent as the parameter repeated (`tag_id=a&tag_id=b`), undefined is left out. */
export type QueryValue = string | number | boolean | readonly (string | number | boolean)[] | undefined;

export type QueryParams = Readonly<Record<string, QueryValue>>;

/** `?a=1&b=x&b=y`, in the order given, or '' when nothing is left to send. */
export function encodeQuery(query: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values: readonly (string | number | boolean)[] = Array.isArray(value) ? value : [value as string | number | boolean];
    for (const v of values) search.append(name, String(v));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** Fills `{name}` segments of an OpenAPI path template, percent-encoding each value as one segment. */
export function fillPathTemplate(template: string, pathParams: Readonly<Record<string, string>> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = pathParams[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
}
