import type { Conversation, ConversationListEntry, Folder, ListEnvelope, Me, TagCatalogEntry } from '@cs/domain';
import { ApiError, isProblem } from './api-error';
import type { ListConversationsParams, ListFoldersParams, ListTagsParams } from './list-params';
import { encodeQuery, fillPathTemplate, type QueryParams } from './query-string';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

/** One request and its answer, as handed to `onResponse` (contract tests validate these against the OpenAPI document). */
export interface ApiExchange {
  method: HttpMethod;
  /** The OpenAPI path template, e.g. `/api/v1/conversations/{id}`. */
  path: string;
  url: string;
  status: number;
  headers: Headers;
  /** Parsed JSON for JSON media types (`application/json`, `application/problem+json`), else the text. */
  body: unknown;
}

export interface ApiClientOptions {
  /** Origin of the API, e.g. `http://localhost:3000`; paths start with /api/v1. */
  baseUrl: string;
  /** An API key (`sk_…`) or an OAuth access token, sent as `Authorization: Bearer …`. */
  token?: string;
  onResponse?: (exchange: ApiExchange) => void;
}

export interface RequestOptions {
  pathParams?: Readonly<Record<string, string>>;
  query?: QueryParams;
  /** Extra request headers; null removes one the client would send (e.g. `Authorization`). */
  headers?: Readonly<Record<string, string | null>>;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  url: string;
}

const isJsonMediaType = (contentType: string | null): boolean =>
  contentType !== null && /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i.test(contentType);

/** A typed client of the REST read API over the global fetch. */
export class ApiClient {
  private readonly baseUrl: string;

  constructor(private readonly options: ApiClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  /** A client like this one, with another credential (or none). */
  withToken(token: string | undefined): ApiClient {
    return new ApiClient({ ...this.options, token });
  }

  listConversations(params: ListConversationsParams = {}): Promise<ListEnvelope<ConversationListEntry>> {
    return this.call('/api/v1/conversations', { query: { ...params } });
  }

  getConversation(id: string): Promise<Conversation> {
    return this.call('/api/v1/conversations/{id}', { pathParams: { id } });
  }

  listTags(params: ListTagsParams = {}): Promise<ListEnvelope<TagCatalogEntry>> {
    return this.call('/api/v1/tags', { query: { ...params } });
  }

  listFolders(params: ListFoldersParams = {}): Promise<ListEnvelope<Folder>> {
    return this.call('/api/v1/folders', { query: { ...params } });
  }

  me(): Promise<Me> {
    return this.call('/api/v1/me', {});
  }

  /** A raw call: answers whatever the server said, errors included, without throwing on a status. */
  async request<T = unknown>(method: HttpMethod, pathTemplate: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const url = `${this.baseUrl}${fillPathTemplate(pathTemplate, options.pathParams)}${encodeQuery(options.query)}`;
    const headers: Record<string, string> = { accept: 'application/json, application/problem+json' };
    if (this.options.token !== undefined) headers['authorization'] = `Bearer ${this.options.token}`;
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (value === null) delete headers[name.toLowerCase()];
      else headers[name.toLowerCase()] = value;
    }
    const response = await fetch(url, { method, headers });
    const text = await response.text();
    let body: unknown = text;
    if (isJsonMediaType(response.headers.get('content-type')) && text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    this.options.onResponse?.({ method, path: pathTemplate, url, status: response.status, headers: response.headers, body });
    return { status: response.status, headers: response.headers, body: body as T, url };
  }

  private async call<T>(pathTemplate: string, options: RequestOptions): Promise<T> {
    const response = await this.request<T>('GET', pathTemplate, options);
    if (response.status >= 200 && response.status < 300) return response.body;
    throw new ApiError(
      response.status,
      isProblem(response.body) ? response.body : null,
      response.body,
      response.headers.get('x-request-id'),
    );
  }
}
