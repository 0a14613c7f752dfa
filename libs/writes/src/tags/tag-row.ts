/** A tag as its writes lock and change it, and its change events describe it. */
export interface TagRow {
  id: string;
  name: string;
  color: string | null;
  description: string | null;
}
