/** A posted form's fields (express.urlencoded): a string, an array of strings for repeated names, or absent. */
export type FormBody = Record<string, unknown>;

/** A text field's value, or '' when it is absent or repeated. */
export const field = (body: FormBody, name: string): string => {
  const value = body[name];
  return typeof value === 'string' ? value : '';
};

/** A multi-valued field (checkboxes): every string value, whether one or many were posted. */
export const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : [];
