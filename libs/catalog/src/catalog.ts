import type { Conversation, ConversationListEntry, Folder, ListEnvelope, Me, Principal, TagCatalogEntry } from '@cs/domain';
import type { Segment } from './sources/segment.schema';
import type { EventEnvelope } from '@cs/events';
import { type CursorCodec, type PageParams, pageRequest, type Params, resumeFrom, toEnvelope } from '@cs/paging';
import type { RowQueryable } from '@cs/persistence';
import {
  conversationFilters,
  LIST_CONVERSATION_FILTER_PARAMS,
  type ListConversationFilters,
  type ListConversationsParams,
} from './conversations/conversation-filters';
import { getConversation } from './conversations/get-conversation.query';
import { SearchBudget } from './conversations/search-budget';
import { listConversations } from './conversations/list-conversations.query';
import { type FolderFilters, type ListFoldersParams, listFolders } from './folders/list-folders.query';
import { EVENT_FILTER_PARAMS, eventFilters, getEvent, latestEvent, type ListEventsParams, listEvents } from './events/list-events.query';
import { getMe } from './me/get-me.query';
import { listTags } from './tags/list-tags.query';
import { type ContentPage, contentPage, type GetTranscriptArgs, sourceOf } from './bounded-answers/content-page';
import { transcriptWindowPage } from './bounded-answers/transcript-window';
import { EXPORT_FILTER_PARAMS, exportConversations, type ExportFilters } from './export/export-conversations.query';
import type { ExportLine, ExportParams } from './export/export.schema';
import { type ListSegmentsParams, listSegments, readSegments, SEGMENT_FILTER_PARAMS, segmentFilters } from './sources/list-segments.query';

/**
 * The read model behind REST and MCP alike: takes the caller and parameters already validated by their param sets
 * (beside each query), returns spec-shaped objects, throws DomainErrors. Both transports call this, so they can never disagree.
 */
export class Catalog {
  /**
   * `fullText` bounds the list's reads with `q` (docs/search.md "Limits"), as it bounds GET /search; the apps give
   * theirs (SearchBudget.onPool), shared with their Search.
   */
  constructor(
    private readonly db: RowQueryable,
    private readonly cursors: CursorCodec,
    private readonly fullText: SearchBudget = SearchBudget.unlimited(db),
  ) {}

  async listConversations(principal: Principal, params: Params<ListConversationsParams>): Promise<ListEnvelope<ConversationListEntry>> {
    const filters: ListConversationFilters = { ...conversationFilters(params.values), q: params.values.q ?? null, updatedAfter: params.values.updated_after ?? null };
    const request = pageRequest(this.cursors, principal, 'conversations', params, filters, LIST_CONVERSATION_FILTER_PARAMS);
    const page = filters.q === null ? await listConversations(this.db, principal, request) : await this.fullText.run((db) => listConversations(db, principal, request));
    return toEnvelope(this.cursors, principal, 'conversations', request.filters, page);
  }

  getConversation(principal: Principal, id: string): Promise<Conversation> {
    return getConversation(this.db, principal, id);
  }

  /** A transcript's speaker turns; the cursor is bound to the source as well as to the caller and the filters. */
  async listSegments(principal: Principal, conversationId: string, sourceId: string, params: Params<ListSegmentsParams>): Promise<ListEnvelope<Segment>> {
    const route = `segments/${conversationId}/${sourceId}`;
    const request = pageRequest(this.cursors, principal, route, params, segmentFilters(params.values), SEGMENT_FILTER_PARAMS);
    return toEnvelope(this.cursors, principal, route, request.filters, await listSegments(this.db, principal, conversationId, sourceId, request));
  }

  /**
   * get-transcript: a page of a source's content from an offset; with a window or speakers, of a transcript's
   * matching turns only (a source that is not a transcript is then a 409, as on the segments endpoint).
   */
  async transcriptPage(principal: Principal, args: GetTranscriptArgs): Promise<ContentPage> {
    const conversation = await getConversation(this.db, principal, args.id);
    const filters = segmentFilters(args);
    if (filters.fromSeconds === null && filters.toSeconds === null && filters.speakers === null) return contentPage(conversation, args);
    const source = sourceOf(conversation, args.source_id);
    const segments = await readSegments(this.db, principal, conversation.id, source.id);
    return transcriptWindowPage(conversation, source, segments, args.offset, filters);
  }

  /**
   * GET /export: the lines of the NDJSON stream, each conversation with the cursor that resumes after it, then the end.
   * Refusals (a bad cursor, a folder or tag the caller cannot see) are thrown here, before the first line.
   */
  async exportConversations(principal: Principal, params: Params<ExportParams>): Promise<AsyncIterable<ExportLine>> {
    const requested: ExportFilters = { ...conversationFilters(params.values), updatedAfter: params.values.updated_after ?? null };
    const { filters, after } = resumeFrom(this.cursors, principal, 'export', params, requested, EXPORT_FILTER_PARAMS);
    const rows = await exportConversations(this.db, principal, filters, after);
    const cursors = this.cursors;
    return (async function* lines(): AsyncIterable<ExportLine> {
      let exported = 0;
      for await (const { key, conversation } of rows) {
        exported++;
        yield { type: 'conversation', cursor: cursors.encode(principal, 'export', { ...filters }, key), conversation };
      }
      yield { type: 'end', exported };
    })();
  }

  async listTags(principal: Principal, params: Params<PageParams>): Promise<ListEnvelope<TagCatalogEntry>> {
    const request = pageRequest(this.cursors, principal, 'tags', params, {}, {});
    return toEnvelope(this.cursors, principal, 'tags', request.filters, await listTags(this.db, principal, request));
  }

  async listFolders(principal: Principal, params: Params<ListFoldersParams>): Promise<ListEnvelope<Folder>> {
    const filters: FolderFilters = { folderId: params.values.folder_id ?? null, recursive: params.values.recursive, updatedAfter: params.values.updated_after ?? null };
    const request = pageRequest(this.cursors, principal, 'folders', params, filters, { folderId: 'folder_id', recursive: 'recursive', updatedAfter: 'updated_after' });
    return toEnvelope(this.cursors, principal, 'folders', request.filters, await listFolders(this.db, principal, request));
  }

  async listEvents(principal: Principal, params: Params<ListEventsParams>): Promise<ListEnvelope<EventEnvelope>> {
    const request = pageRequest(this.cursors, principal, 'events', params, eventFilters(params.values), EVENT_FILTER_PARAMS);
    return toEnvelope(this.cursors, principal, 'events', request.filters, await listEvents(this.db, principal, request));
  }

  getEvent(principal: Principal, id: string): Promise<EventEnvelope> {
    return getEvent(this.db, principal, id);
  }

  latestEvent(principal: Principal): Promise<EventEnvelope> {
    return latestEvent(this.db, principal);
  }

  getMe(principal: Principal): Promise<Me> {
    return getMe(this.db, principal);
  }
}
