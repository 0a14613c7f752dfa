import type { ResourceLink } from '@modelcontextprotocol/server';

/** The resource template of a conversation (RFC 6570 level 1), as resources/templates/list offers it. */
export const CONVERSATION_URI_TEMPLATE = 'conversation://{id}';

export const CONVERSATION_MIME_TYPE = 'application/json';

const PREFIX = 'conversation://';

export const conversationUri = (id: string): string => `${PREFIX}${encodeURIComponent(id)}`;

/** The id a conversation:// URI names; null for any other URI (another scheme, a path, a query). */
export function conversationIdOf(uri: string): string | null {
  if (!uri.startsWith(PREFIX)) return null;
  const id = uri.slice(PREFIX.length);
  if (id.length === 0 || /[/?#]/.test(id)) return null;
  try {
    return decodeURIComponent(id);
  } catch {
    return null;
  }
}

/** A resource_link content item to a conversation, for clients that read resources rather than call tools. */
export const conversationLink = (conversation: { id: string; title: string | null }): ResourceLink => ({
  type: 'resource_link',
  uri: conversationUri(conversation.id),
  name: conversation.title ?? conversation.id,
  mimeType: CONVERSATION_MIME_TYPE,
});
