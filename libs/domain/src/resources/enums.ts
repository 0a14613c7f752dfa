export const CONVERSATION_STATUSES = ['pending', 'ready', 'error'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** The `status` list filter: a status, or `all`. */
export const STATUS_FILTERS = [...CONVERSATION_STATUSES, 'all'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const TERMINATION_REASONS = ['not_admitted', 'verification_required', 'captcha_required'] as const;
export type TerminationReason = (typeof TERMINATION_REASONS)[number];

export const SOURCE_TYPES = ['transcript', 'document', 'text', 'file'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

export const VISIBILITIES = ['private', 'workspace'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const ROLES = ['admin', 'member'] as const;
export type Role = (typeof ROLES)[number];

export const SCOPES = ['email', 'folders:read', 'conversations:read', 'offline_access'] as const;
export type Scope = (typeof SCOPES)[number];

/** How a tag came to be on a conversation: put there by a person, or suggested by processing. */
export const TAG_ORIGINS = ['user', 'ai'] as const;
export type TagOrigin = (typeof TAG_ORIGINS)[number];

/**
 * Every event type, in catalog order (docs/api.md "Events"): the spec's three, then what a copy of a workspace
 * needs to stay exact. `*.hidden` is how a viewer who could see a conversation or folder learns it is no longer
 * visible to them (made private by its owner): the projection of that `*.updated` event for them.
 */
export const EVENT_TYPES = [
  'conversation.ready',
  'conversation.failed',
  'conversation.deleted',
  'conversation.created',
  'conversation.updated',
  'conversation.hidden',
  'folder.created',
  'folder.updated',
  'folder.deleted',
  'folder.hidden',
  'tag.created',
  'tag.updated',
  'tag.deleted',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * `error_reason` of a conversation that ended in `error` (and of its `conversation.failed` event); the spec
 * leaves the values open ("not shown"). A failed text extraction is none of them: the file's content is
 * null and the conversation still becomes ready.
 * - `transcript_invalid`: the transcript cannot be rendered (a segment ends before it starts, no speaker).
 * - `no_content`: no source has any text to process (e.g. a recorder finished with an empty transcript).
 * - `recording_failed`: a meeting bot's recording ended without a transcript; `termination_reason` says why
 *   when it is one of the spec's reasons, else it is null.
 * - `cancelled`: its meeting bot was cancelled (DELETE /bots/{id}) before it joined.
 * - `summarization_failed`: the summarizer kept failing (timeouts, rate limits, upstream errors, invalid
 *   answers) after every retry.
 * - `internal_error`: anything else that failed for good after retries.
 */
export const PROCESSING_ERROR_REASONS = ['transcript_invalid', 'no_content', 'recording_failed', 'cancelled', 'summarization_failed', 'internal_error'] as const;
export type ProcessingErrorReason = (typeof PROCESSING_ERROR_REASONS)[number];
