import { parse as parseQuery } from 'node:querystring';
import { Catalog, LIST_CONVERSATIONS_PARAMS } from '@cs/catalog';
import { CursorCodec, NO_PARAMS, type RawQuery } from '@cs/paging';
import { ApiKeyResolver } from '@cs/token-verification';
import type { Pool } from 'pg';
import { poolQueryable } from '@cs/persistence';
import { explainStatement, type Recorded, recording, type StatementPlan } from '../kit/explain';
import type { BenchRoute, RouteKey } from './routes';

/** The big tables, which must never be read by a sequential scan on a request path at this size (the issue). */
export const WATCHED_TABLES = ['conversations', 'sources', 'conversation_tags', 'folders'] as const;

export interface RoutePlans {
  route: RouteKey;
  statements: StatementPlan[];
}

/**
 * Runs each route once through the same ApiKeyResolver and Catalog the servers use, records every SQL
 * statement issued, and runs `EXPLAIN (ANALYZE, BUFFERS)` on each with its parameters.
 */
export async function explainRoutes(pool: Pool, routes: readonly BenchRoute[], apiKey: string, cursorSecret: string): Promise<RoutePlans[]> {
  const base = poolQueryable(pool);
  const out: RoutePlans[] = [];
  for (const route of routes) {
    const recorded: Recorded[] = [];
    const db = recording(base, recorded);
    const principal = await new ApiKeyResolver(db).resolve(apiKey);
    const authCount = recorded.length;
    const catalog = new Catalog(db, new CursorCodec(cursorSecret));
    const [path, search = ''] = route.path.split('?') as [string, string?];
    const query = parseQuery(search) as RawQuery;
    if (path === '/api/v1/conversations') await catalog.listConversations(principal, LIST_CONVERSATIONS_PARAMS.fromQueryString(query));
    else {
      NO_PARAMS.fromQueryString(query);
      await catalog.getConversation(principal, decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)));
    }

    const statements: StatementPlan[] = [];
    for (const [i, statement] of recorded.entries()) {
      statements.push(await explainStatement(pool, statement, i < authCount ? 'auth (api key)' : `catalog #${i - authCount + 1}`, WATCHED_TABLES));
    }
    out.push({ route: route.key, statements });
  }
  return out;
}
