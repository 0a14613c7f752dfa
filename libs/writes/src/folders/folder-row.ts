import type { Visibility } from '@cs/domain';

/** A folder as its writes lock and change it, and its change events describe it. */
export interface FolderRow {
  id: string;
  owner_id: string;
  name: string;
  parent_id: string | null;
  visibility: Visibility;
}
