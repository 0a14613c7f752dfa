import { type PipeTransform, Query } from '@nestjs/common';
import type { RouteDeclaration } from '@cs/api-routes';
import type { Params, QueryParams, RawQuery } from '@cs/paging';
import type { z } from 'zod/v4';

/** Parses the query string once, at the edge, with the operation's schema; the handler gets typed values. */
class QueryParamsPipe<S extends z.ZodObject> implements PipeTransform<RawQuery, Params<z.output<S>>> {
  constructor(private readonly params: QueryParams<S>) {}

  transform(query: RawQuery): Params<z.output<S>> {
    return this.params.fromQueryString(query);
  }
}

/** `@QueryOf(FOLDER_ROUTES.list) params`: the query validated by the route's declared schema, or a 400 invalid_parameter listing every problem. */
export const QueryOf = <S extends z.ZodObject>(route: RouteDeclaration<string, S>): ParameterDecorator => {
  if (!route.query) throw new Error(`${route.operationId} declares no query to validate.`);
  return Query(new QueryParamsPipe(route.query.params));
};
