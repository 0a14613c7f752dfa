/** Sentences several routes' descriptions share. */
export const WRITE_NOTE =
  'Needs an API key (`Authorization: Bearer sk_…`): an OAuth access token gets 403 `api_key_required`. The answer is the ' +
  'resource as it is after the write.';

export const OWNER_NOTE = 'Only the owner may change it; another member who can see it gets 403 `forbidden`.';

export const ADMIN_NOTE =
  'Webhooks are developer settings: API keys of workspace admins only. A member\'s key gets 403 `forbidden`, an OAuth access token ' +
  '403 `api_key_required`. Webhooks of other workspaces, unknown and malformed ids are the same 404 `not_found`. A webhook delivers ' +
  'events about the conversations its owner (`owner_id`) can see, so only its owner may change its settings, rotate its secret, read ' +
  'its delivery log or send it anything (test, redeliver, recover); another admin gets 403 `forbidden`, and may only see it, turn it ' +
  'off or on, and delete it.';

export const SEND_NOTE = 'The new delivery is `pending` and due at once; the webhook worker sends it within about a second, enabled webhook or not.';

export const FEED_VISIBILITY_NOTE =
  'The feed holds the events about what the caller can see: their own conversations and folders, those shared with the workspace, and ' +
  'the workspace\'s tags. When a conversation or folder the caller could see is made private by its owner, the caller gets that event ' +
  'as `conversation.hidden` / `folder.hidden` (its id only), so a copy knows to drop it.';
