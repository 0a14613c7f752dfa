import type { SearchBudget } from '@cs/catalog';
import type { ListEnvelope, Principal } from '@cs/domain';
import { type CursorCodec, pageRequest, type Params, toEnvelope } from '@cs/paging';
import type { SearchHit } from './query/search-hit.schema';
import { SEARCH_FILTER_PARAMS, type SearchParams, searchFilters } from './query/search-params';
import { searchConversations } from './query/search.query';

/** The route name cursors are bound to. */
const ROUTE = 'search';

/**
 * The query side of search, behind REST and MCP alike (as Catalog is for the lists): takes the caller and
 * parameters validated by SEARCH_PARAMS, returns the list envelope of hits, throws DomainErrors. Cursors are bound
 * to the caller, the query and every filter. Every search runs within `budget` (docs/search.md "Limits"): the apps
 * share one between their Search and their Catalog, so a process runs at most so many full-text reads at once.
 */
export class Search {
  constructor(
    private readonly budget: SearchBudget,
    private readonly cursors: CursorCodec,
  ) {}

  async search(principal: Principal, params: Params<SearchParams>): Promise<ListEnvelope<SearchHit>> {
    const request = pageRequest(this.cursors, principal, ROUTE, params, searchFilters(params.values), SEARCH_FILTER_PARAMS);
    const page = await this.budget.run((db) => searchConversations(db, principal, request));
    return toEnvelope(this.cursors, principal, ROUTE, request.filters, page);
  }
}
