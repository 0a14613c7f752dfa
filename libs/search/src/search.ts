import type { ListEnvelope, Principal } from '@cs/domain';
import { type CursorCodec, pageRequest, type Params, toEnvelope } from '@cs/paging';
import type { RowQueryable } from '@cs/persistence';
import type { SearchHit } from './query/search-hit.schema';
import { SEARCH_FILTER_PARAMS, type SearchParams, searchFilters } from './query/search-params';
import { searchConversations } from './query/search.query';

/** The route name cursors are bound to. */
const ROUTE = 'search';

/**
 * The query side of search, behind REST and MCP alike (as Catalog is for the lists): takes the caller and
 * parameters validated by SEARCH_PARAMS, returns the list envelope of hits, throws DomainErrors. Cursors are bound
 * to the caller, the query and every filter.
 */
export class Search {
  constructor(
    private readonly db: RowQueryable,
    private readonly cursors: CursorCodec,
  ) {}

  async search(principal: Principal, params: Params<SearchParams>): Promise<ListEnvelope<SearchHit>> {
    const request = pageRequest(this.cursors, principal, ROUTE, params, searchFilters(params.values), SEARCH_FILTER_PARAMS);
    return toEnvelope(this.cursors, principal, ROUTE, request.filters, await searchConversations(this.db, principal, request));
  }
}
