import type { Conversation, ConversationListEntry, Folder, ListEnvelope, Me, Principal, TagCatalogEntry } from '@cs/domain';
import { CONVERSATION_FILTER_PARAMS, conversationFilters, type ListConversationsParams } from './conversations/conversation-filters';
import { getConversation } from './conversations/get-conversation.query';
import { listConversations } from './conversations/list-conversations.query';
import type { CursorCodec } from './cursors/cursor.codec';
import type { Queryable } from './db';
import { type FolderFilters, type ListFoldersParams, listFolders } from './folders/list-folders.query';
import { getMe } from './me/get-me.query';
import type { PageParams } from './params/common-params';
import { type PageRequest, pageRequest } from './params/page-request';
import type { Page } from './params/page';
import type { Params } from './params/query-params';
import { listTags } from './tags/list-tags.query';

/**
 * The read model behind REST and MCP alike: takes the caller and parameters already validated by their schemas
 * (params/), returns spec-shaped objects, throws DomainErrors. Both transports call this, so they can never disagree.
 */
export class Catalog {
  constructor(
    private readonly db: Queryable,
    private readonly cursors: CursorCodec,
  ) {}

  async listConversations(principal: Principal, params: Params<ListConversationsParams>): Promise<ListEnvelope<ConversationListEntry>> {
    const request = pageRequest(this.cursors, principal, 'conversations', params, conversationFilters(params.values), CONVERSATION_FILTER_PARAMS);
    return this.envelope(principal, 'conversations', request, await listConversations(this.db, principal, request));
  }

  getConversation(principal: Principal, id: string): Promise<Conversation> {
    return getConversation(this.db, principal, id);
  }

  async listTags(principal: Principal, params: Params<PageParams>): Promise<ListEnvelope<TagCatalogEntry>> {
    const request = pageRequest(this.cursors, principal, 'tags', params, {}, {});
    return this.envelope(principal, 'tags', request, await listTags(this.db, principal, request));
  }

  async listFolders(principal: Principal, params: Params<ListFoldersParams>): Promise<ListEnvelope<Folder>> {
    const filters: FolderFilters = { folderId: params.values.folder_id ?? null, recursive: params.values.recursive };
    const request = pageRequest(this.cursors, principal, 'folders', params, filters, { folderId: 'folder_id', recursive: 'recursive' });
    return this.envelope(principal, 'folders', request, await listFolders(this.db, principal, request));
  }

  getMe(principal: Principal): Promise<Me> {
    return getMe(this.db, principal);
  }

  private envelope<F extends object, T>(principal: Principal, route: string, request: PageRequest<F>, page: Page<T>): ListEnvelope<T> {
    return {
      data: page.items,
      next_cursor: page.nextKey ? this.cursors.encode(principal, route, request.filters as Record<string, unknown>, page.nextKey) : null,
      has_more: page.nextKey !== null,
    };
  }
}
