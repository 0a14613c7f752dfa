import { CONVERSATION_STATUSES, type EventType, prefixedId, timestamp, VISIBILITIES } from '@cs/domain';
import { z } from 'zod/v4';

/**
 * The event catalog, written once: each type's description and the schema of its `data`. The envelope's TypeScript
 * types, GET /api/v1/event-types, the OpenAPI document's webhooks and the contract tests all derive from it.
 * Events are thin, as Stripe's and GitHub's are: they say what changed; the resource itself is read with GET.
 */

/** Fields of a conversation whose change makes a `conversation.updated` (its list or retrieve representation). */
export const CONVERSATION_CHANGE_FIELDS = ['title', 'folder', 'tags', 'sources', 'visibility'] as const;
export type ConversationChangeField = (typeof CONVERSATION_CHANGE_FIELDS)[number];
export const FOLDER_CHANGE_FIELDS = ['name', 'parent', 'visibility'] as const;
export type FolderChangeField = (typeof FOLDER_CHANGE_FIELDS)[number];
export const TAG_CHANGE_FIELDS = ['name', 'color', 'description'] as const;
export type TagChangeField = (typeof TAG_CHANGE_FIELDS)[number];

const conversationData = {
  id: prefixedId('conversation', 'The conversation.'),
  title: z.string().nullable().meta({ description: 'Its title at the time of the event; null when it has none.' }),
  started_at: timestamp('When the meeting started, else when the conversation was created.'),
  status: z.enum(CONVERSATION_STATUSES).nullable().meta({ description: 'Its processing state at the time of the event.' }),
};

const changed = <T extends readonly [string, ...string[]]>(fields: T) =>
  z.array(z.enum(fields)).min(1).meta({ description: 'The fields that changed, in catalog order.' });

const folderData = {
  id: prefixedId('folder', 'The folder.'),
  name: z.string().meta({ description: 'Its name at the time of the event.' }),
  parent_id: prefixedId('folder', 'Its parent folder.').nullable().meta({ description: 'Its parent folder; null at the top level.' }),
  visibility: z.enum(VISIBILITIES).meta({ description: 'Who may see it: its owner only, or the workspace.' }),
};

const tagData = {
  id: prefixedId('tag', 'The tag.'),
  name: z.string().meta({ description: 'Its name at the time of the event.' }),
  color: z.string().nullable().meta({ description: 'Its colour (`#rrggbb`), or null.' }),
};

const hidden = (kind: 'conversation' | 'folder') =>
  z.strictObject({ id: prefixedId(kind, `The ${kind} you can no longer see.`) });

export const EVENT_CATALOG = {
  'conversation.ready': {
    description: 'Processing finished: summary, digest and sources can be read. Also after a new source was processed.',
    data: z.strictObject(conversationData),
  },
  'conversation.failed': {
    description: 'Processing failed for good, or a meeting bot ended without a recording. `error_reason` says why.',
    data: z.strictObject({ ...conversationData, error_reason: z.string().meta({ description: 'Why (see `error_reason` of the conversation).' }) }),
  },
  'conversation.deleted': {
    description: 'The conversation was deleted; `title` is the last one it had, so copies can say what went.',
    data: z.strictObject(conversationData),
  },
  'conversation.created': {
    description: 'A conversation was created (through the API, an upload or a meeting bot); it is `pending` until processed.',
    data: z.strictObject(conversationData),
  },
  'conversation.updated': {
    description:
      'Something in the conversation\'s list or retrieve representation changed outside processing: its title, folder, tags, sources or ' +
      'visibility (`changed` lists which). Processing results come as `conversation.ready` and `conversation.failed`. A conversation ' +
      'that became visible to you arrives as `conversation.updated` with `visibility` changed: it may be the first you hear of it.',
    data: z.strictObject({ ...conversationData, changed: changed(CONVERSATION_CHANGE_FIELDS) }),
  },
  'conversation.hidden': {
    description:
      'A conversation you could see is no longer visible to you (its owner made it private): remove it from your copy. Only its id is given.',
    data: hidden('conversation'),
  },
  'folder.created': { description: 'A folder was created.', data: z.strictObject(folderData) },
  'folder.updated': {
    description: 'A folder was renamed, moved or shared differently (`changed` lists which). A folder that became visible to you arrives this way.',
    data: z.strictObject({ ...folderData, changed: changed(FOLDER_CHANGE_FIELDS) }),
  },
  'folder.deleted': { description: 'A folder was deleted (only empty folders can be).', data: z.strictObject(folderData) },
  'folder.hidden': {
    description: 'A folder you could see is no longer visible to you (its owner made it private): remove it from your copy.',
    data: hidden('folder'),
  },
  'tag.created': { description: 'A tag was added to the workspace catalog.', data: z.strictObject(tagData) },
  'tag.updated': {
    description: 'A tag was renamed, recoloured or described anew (`changed` lists which); conversations carrying it show the new name and colour.',
    data: z.strictObject({ ...tagData, changed: changed(TAG_CHANGE_FIELDS) }),
  },
  'tag.deleted': { description: 'A tag was deleted; it is gone from every conversation that carried it.', data: z.strictObject(tagData) },
} as const satisfies Record<EventType, { description: string; data: z.ZodType }>;

export type EventData = { [T in EventType]: z.output<(typeof EVENT_CATALOG)[T]['data']> };
