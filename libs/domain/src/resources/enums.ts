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

export const EVENT_TYPES = ['conversation.ready', 'conversation.failed', 'conversation.deleted'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
