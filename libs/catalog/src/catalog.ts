import type { Conversation, ConversationListEntry, Folder, ListEnvelope, Me, Principal, TagCatalogEntry } from '@cs/domain';
import { CONVERSATION_FILTER_PARAMS, readConversationFilters } from './conversations/conversation-filters';
import { getConversation } from './conversations/get-conversation.query';
import { listConversations } from './conversations/list-conversations.query';
import type { CursorCodec } from './cursors/cursor.codec';
import type { Queryable } from './db';
import { type FolderFilters, listFolders } from './folders/list-folders.query';
import { getMe } from './me/get-me.query';
import { continueFrom, type PageRequest } from './params/page-request';
import type { Page } from './params/page';
import { QueryReader, type RawQuery } from './params/query-reader';
import { listTags } from './tags/list-tags.query';

const MAX_CURSOR_LENGTH = 4096;

/**
 * The read model behind REST and MCP alike: takes the caller and the raw query parameters, returns
 * spec-shaped objects, throws DomainErrors. Both transports call this, so they can never disagree.
 */
export class Catalog {
  constructor(
    private readonly db: Queryable,
    private readonly cursors: CursorCodec,
  ) {}

  async listConversations(principal: Principal, query: RawQuery): Promise<ListEnvelope<ConversationListEntry>> {
    const { reader, filters } = readConversationFilters(query);
    const request = this.pageRequest(principal, 'conversations', reader, filters, CONVERSATION_FILTER_PARAMS);
    return this.envelope(principal, 'conversations', request, await listConversations(this.db, principal, request));
  }

  getConversation(principal: Principal, id: string, query: RawQuery = {}): Promise<Conversation> {
    new QueryReader(query, []).done();
    return getConversation(this.db, principal, id);
  }

  async listTags(principal: Principal, query: RawQuery): Promise<ListEnvelope<TagCatalogEntry>> {
    const reader = new QueryReader(query, ['limit', 'cursor']);
    const request = this.pageRequest(principal, 'tags', reader, {}, {});
    return this.envelope(principal, 'tags', request, await listTags(this.db, principal, request));
  }

  async listFolders(principal: Principal, query: RawQuery): Promise<ListEnvelope<Folder>> {
    const reader = new QueryReader(query, ['limit', 'cursor', 'folder_id', 'recursive']);
    const filters: FolderFilters = { folderId: reader.string('folder_id') ?? null, recursive: reader.boolean('recursive', true) };
    const request = this.pageRequest(principal, 'folders', reader, filters, { folderId: 'folder_id', recursive: 'recursive' });
    return this.envelope(principal, 'folders', request, await listFolders(this.db, principal, request));
  }

  getMe(principal: Principal, query: RawQuery = {}): Promise<Me> {
    new QueryReader(query, []).done();
    return getMe(this.db, principal);
  }

  private pageRequest<F extends object>(
    principal: Principal,
    route: string,
    reader: QueryReader,
    filters: F,
    parameterNames: Record<keyof F & string, string>,
  ): PageRequest<F> {
    const limit = reader.limit();
    const cursor = reader.string('cursor', MAX_CURSOR_LENGTH);
    reader.done();
    if (cursor === undefined) return { filters, limit };
    const decoded = this.cursors.decode(principal, route, cursor);
    return { filters: continueFrom(filters, reader.given, parameterNames, decoded.filters), limit, after: decoded.key };
  }

  private envelope<F extends object, T>(principal: Principal, route: string, request: PageRequest<F>, page: Page<T>): ListEnvelope<T> {
    return {
      data: page.items,
      next_cursor: page.nextKey ? this.cursors.encode(principal, route, request.filters as Record<string, unknown>, page.nextKey) : null,
      has_more: page.nextKey !== null,
    };
  }
}
