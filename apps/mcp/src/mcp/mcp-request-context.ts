import type { Catalog } from '@cs/catalog';
import type { Principal } from '@cs/domain';
import type { Search } from '@cs/search';

/** What one MCP request is served with: the read models, the caller, and what answers are stamped with. */
export interface McpRequestContext {
  catalog: Catalog;
  search: Search;
  principal: Principal;
  requestId: string;
  publicApiUrl: string;
  version: string;
}
