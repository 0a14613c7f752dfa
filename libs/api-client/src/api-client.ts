import type { Bot, Conversation, ConversationListEntry, EventType, Folder, ListEnvelope, Me, TagCatalogEntry } from '@cs/domain';
import type { CreateBotBody, CreateConversationBody, CreateFolderBody, CreateTagBody, SourceBody, UpdateConversationBody, UpdateFolderBody, UpdateTagBody } from './write-bodies';
import { ApiError, isProblem } from './api-error';
import type { ExportLine, Segment } from '@cs/catalog';
import type { ExportParams, ListConversationsParams, ListEventsParams, ListFoldersParams, ListSegmentsParams, ListTagsParams } from './list-params';

/** An item of the events feed: the webhook envelope (GET /api/v1/event-types describes each type's data). */
export interface ApiEvent {
  id: string;
  type: EventType;
  created_at: string;
  data: { id: string } & Record<string, unknown>;
}
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
  /** A JSON body (sent as application/json), a multipart form, or raw text sent as is (to test bad bodies). */
  json?: unknown;
  form?: FormData;
  rawBody?: string;
}

/** Options of the write calls: an Idempotency-Key for POSTs (a repeat within 24 hours gets the first answer). */
export interface WriteOptions {
  idempotencyKey?: string;
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

  /** A transcript's speaker turns (docs/api.md "Transcript segments"). */
  listSegments(conversationId: string, sourceId: string, params: ListSegmentsParams = {}): Promise<ListEnvelope<Segment>> {
    return this.call('/api/v1/conversations/{id}/sources/{source_id}/segments', { pathParams: { id: conversationId, source_id: sourceId }, query: { ...params } });
  }

  /**
   * GET /api/v1/export, one conversation line at a time as they arrive (docs/api.md "Export"): the client holds a chunk
   * of the stream, whatever the export's size. A stream cut before its end line is resumed from the last line's cursor,
   * up to `resumes` times; a refusal throws ApiError.
   */
  async *exportConversations(params: ExportParams = {}, resumes = 3): AsyncGenerator<Extract<ExportLine, { type: 'conversation' }>> {
    let cursor = params.cursor;
    for (let attempt = 0; ; attempt++) {
      let ended = false;
      try {
        for await (const line of this.exportStream({ ...params, ...(cursor === undefined ? {} : { cursor }) })) {
          if (line.type === 'end') {
            ended = true;
            break;
          }
          cursor = line.cursor;
          yield line;
        }
      } catch (error) {
        if (error instanceof ApiError || attempt >= resumes) throw error;
        continue;
      }
      if (ended) return;
      if (attempt >= resumes) throw new Error(`the export was cut ${resumes + 1} times; resume it with the cursor of the last line`);
    }
  }

  private async *exportStream(params: ExportParams): AsyncGenerator<ExportLine> {
    const headers: Record<string, string> = { accept: 'application/x-ndjson, application/problem+json' };
    if (this.options.token !== undefined) headers['authorization'] = `Bearer ${this.options.token}`;
    const response = await fetch(`${this.baseUrl}/api/v1/export${encodeQuery({ ...params })}`, { headers });
    if (response.status !== 200 || response.body === null) {
      const text = await response.text();
      const body: unknown = isJsonMediaType(response.headers.get('content-type')) ? JSON.parse(text) : text;
      throw new ApiError(response.status, isProblem(body) ? body : null, body, response.headers.get('x-request-id'));
    }
    const decoder = new TextDecoder();
    let pending = '';
    for await (const bytes of response.body) {
      pending += decoder.decode(bytes, { stream: true });
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line !== '') yield JSON.parse(line) as ExportLine;
    }
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

  /** The events feed, oldest first (docs/api.md "Events feed"). */
  listEvents(params: ListEventsParams = {}): Promise<ListEnvelope<ApiEvent>> {
    return this.call('/api/v1/events', { query: { ...params } });
  }

  getEvent(id: string): Promise<ApiEvent> {
    return this.call('/api/v1/events/{id}', { pathParams: { id } });
  }

  /** The newest event of the feed, or null when it is empty: where a copy made now starts following. */
  async latestEvent(): Promise<ApiEvent | null> {
    try {
      return await this.call<ApiEvent>('/api/v1/events/latest', {});
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  }

  eventTypes(): Promise<{ data: Array<{ type: EventType; description: string; data_schema: Record<string, unknown> }> }> {
    return this.call('/api/v1/event-types', {});
  }

  createConversation(body: CreateConversationBody, options: WriteOptions = {}): Promise<Conversation> {
    return this.call('/api/v1/conversations', { method: 'POST', json: body, headers: idempotency(options) });
  }

  addSource(id: string, body: SourceBody, options: WriteOptions = {}): Promise<Conversation> {
    return this.call('/api/v1/conversations/{id}/sources', { method: 'POST', pathParams: { id }, json: body, headers: idempotency(options) });
  }

  /** Uploads a file (PDF, DOCX, PPTX, TXT or MD) as a `file` source. */
  uploadSource(id: string, file: { name: string; bytes: Uint8Array; type?: string; title?: string }, options: WriteOptions = {}): Promise<Conversation> {
    const form = new FormData();
    if (file.title !== undefined) form.append('title', file.title);
    form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
    return this.call('/api/v1/conversations/{id}/sources', { method: 'POST', pathParams: { id }, form, headers: idempotency(options) });
  }

  updateConversation(id: string, body: UpdateConversationBody): Promise<Conversation> {
    return this.call('/api/v1/conversations/{id}', { method: 'PATCH', pathParams: { id }, json: body });
  }

  deleteConversation(id: string): Promise<void> {
    return this.call('/api/v1/conversations/{id}', { method: 'DELETE', pathParams: { id } });
  }

  applyTag(id: string, tagId: string): Promise<Conversation> {
    return this.call('/api/v1/conversations/{id}/tags/{tag_id}', { method: 'PUT', pathParams: { id, tag_id: tagId } });
  }

  removeTag(id: string, tagId: string): Promise<Conversation> {
    return this.call('/api/v1/conversations/{id}/tags/{tag_id}', { method: 'DELETE', pathParams: { id, tag_id: tagId } });
  }

  createFolder(body: CreateFolderBody, options: WriteOptions = {}): Promise<Folder> {
    return this.call('/api/v1/folders', { method: 'POST', json: body, headers: idempotency(options) });
  }

  updateFolder(id: string, body: UpdateFolderBody): Promise<Folder> {
    return this.call('/api/v1/folders/{id}', { method: 'PATCH', pathParams: { id }, json: body });
  }

  deleteFolder(id: string): Promise<void> {
    return this.call('/api/v1/folders/{id}', { method: 'DELETE', pathParams: { id } });
  }

  createTag(body: CreateTagBody, options: WriteOptions = {}): Promise<TagCatalogEntry> {
    return this.call('/api/v1/tags', { method: 'POST', json: body, headers: idempotency(options) });
  }

  updateTag(id: string, body: UpdateTagBody): Promise<TagCatalogEntry> {
    return this.call('/api/v1/tags/{id}', { method: 'PATCH', pathParams: { id }, json: body });
  }

  deleteTag(id: string): Promise<void> {
    return this.call('/api/v1/tags/{id}', { method: 'DELETE', pathParams: { id } });
  }

  createBot(body: CreateBotBody, options: WriteOptions = {}): Promise<Bot> {
    return this.call('/api/v1/bots', { method: 'POST', json: body, headers: idempotency(options) });
  }

  getBot(id: string): Promise<Bot> {
    return this.call('/api/v1/bots/{id}', { pathParams: { id } });
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
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form !== undefined) {
      body = options.form; // fetch sets the multipart boundary itself
    } else if (options.rawBody !== undefined) {
      body = options.rawBody;
    }
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if (isJsonMediaType(response.headers.get('content-type')) && text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        // A body that says JSON but is not stays text, so the caller sees what the server sent.
        parsed = text;
      }
    }
    this.options.onResponse?.({ method, path: pathTemplate, url, status: response.status, headers: response.headers, body: parsed });
    return { status: response.status, headers: response.headers, body: parsed as T, url };
  }

  private async call<T>(pathTemplate: string, options: RequestOptions & { method?: HttpMethod }): Promise<T> {
    const response = await this.request<T>(options.method ?? 'GET', pathTemplate, options);
    if (response.status >= 200 && response.status < 300) return response.body;
    throw new ApiError(
      response.status,
      isProblem(response.body) ? response.body : null,
      response.body,
      response.headers.get('x-request-id'),
    );
  }
}

const idempotency = (options: WriteOptions): Record<string, string> => (options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {});
