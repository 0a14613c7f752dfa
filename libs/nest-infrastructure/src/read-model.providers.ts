import type { Provider } from '@nestjs/common';
import { Catalog, SearchBudget } from '@cs/catalog';
import { searchLimits } from '@cs/config';
import { CursorCodec } from '@cs/paging';
import { postgresPool, readQueryable } from '@cs/persistence';
import { Search } from '@cs/search';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from './infrastructure.tokens';

export interface ReadModelConfig {
  CURSOR_SECRET: string;
  SEARCH_STATEMENT_TIMEOUT_MS: number;
  SEARCH_MAX_CONCURRENT: number;
}

/**
 * The read model REST and MCP both answer from (docs/architecture.md "Libs"), so they can never disagree: the
 * Catalog and Search, reading on the DataSource's pg Pool without TypeORM's per-statement machinery (readQueryable),
 * and one budget for the full-text reads of Search and of the list with `q` (docs/search.md "Limits").
 */
export function readModelProviders(config: ReadModelConfig): Provider[] {
  return [
    { provide: SearchBudget, inject: [DATA_SOURCE], useFactory: (ds: DataSource) => SearchBudget.onPool(postgresPool(ds), searchLimits(config)) },
    {
      provide: Catalog,
      inject: [DATA_SOURCE, SearchBudget],
      useFactory: (ds: DataSource, budget: SearchBudget) => new Catalog(readQueryable(ds), new CursorCodec(config.CURSOR_SECRET), budget),
    },
    { provide: Search, inject: [SearchBudget], useFactory: (budget: SearchBudget) => new Search(budget, new CursorCodec(config.CURSOR_SECRET)) },
  ];
}
