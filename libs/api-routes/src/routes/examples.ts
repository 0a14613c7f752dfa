import { exampleId } from '@cs/domain';
import { TEST_EVENT_TYPE } from '@cs/webhook-subscriptions';

/** The examples the document shows: one instant and one of each resource, shared by the routes that answer them. */
export const EXAMPLE_TIME = '2026-01-31T09:00:00.000Z';

export const exampleTag = { id: exampleId('tag'), name: 'Customer call', color: '#2f80ed' };

export const exampleTagEntry = { ...exampleTag, description: 'Calls with customers.', applied_count: 0 };

export const exampleConversationFields = {
  id: exampleId('conversation'),
  title: 'Weekly launch sync',
  created_at: EXAMPLE_TIME,
  updated_at: EXAMPLE_TIME,
  status: 'ready',
  termination_reason: null,
  folder_id: exampleId('folder'),
  digest: 'Launch moves to March; pricing page needs legal review.',
  tags: [exampleTag],
};

export const exampleSourceLite = { id: exampleId('source'), type: 'transcript', duration_seconds: 1800, language: 'eng' };

/** A processed conversation as the retrieve response gives it. */
export const exampleConversation = {
  ...exampleConversationFields,
  summary:
    'Ada and Grace discussed the launch date and the pricing page.\n\n## Launch date\n- The store review takes two more weeks.\n\n' +
    '## Decisions\n- Launch in March.\n\n## Action items\n- Grace: send the pricing page to legal (by Friday)',
  action_items: [{ text: 'send the pricing page to legal', owner: 'Grace', due: 'by Friday', source_id: exampleId('source'), start_seconds: 754 }],
  sources: [
    {
      ...exampleSourceLite,
      title: 'Recording',
      added_at: EXAMPLE_TIME,
      meeting_url: 'https://meet.example.com/abc-defg-hij',
      attendees: ['ada@example.com'],
      content: '[00:00:01] Ada: Shall we start?\n[00:00:04] Speaker 2: Yes.',
      participants: [{ name: 'Ada' }, { name: 'Speaker 2' }],
    },
  ],
};

export const pendingConversation = {
  ...exampleConversationFields,
  status: 'pending',
  digest: null,
  tags: [],
  summary: null,
  action_items: [],
  sources: [
    {
      id: exampleId('source'),
      type: 'transcript',
      title: 'Recording',
      added_at: EXAMPLE_TIME,
      duration_seconds: null,
      language: null,
      meeting_url: 'https://meet.example.com/abc-defg-hij',
      attendees: ['ada@example.com'],
      content: null,
      participants: [],
    },
  ],
};

export const exampleFolder = { id: exampleId('folder'), name: 'Customers', parent_id: null, created_at: EXAMPLE_TIME };

export const exampleBot = {
  id: exampleId('bot'),
  status: 'scheduled',
  meeting_url: 'https://meet.example.test/weekly-sync',
  join_at: EXAMPLE_TIME,
  conversation_id: exampleId('conversation'),
  created_at: EXAMPLE_TIME,
};

export const exampleWebhook = {
  id: exampleId('webhook'),
  owner_id: exampleId('user'),
  url: 'https://hooks.example.com/conversations',
  events: ['conversation.ready', 'conversation.deleted'],
  description: 'CRM sync',
  enabled: true,
  disabled_reason: null,
  rate_limit_per_second: null,
  failing_since: null,
  previous_secret_expires_at: null,
  created_at: EXAMPLE_TIME,
  updated_at: EXAMPLE_TIME,
};

export const exampleSecret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw9s2u6pZ5TmE=';

export const exampleTestDelivery = {
  id: exampleId('delivery'),
  webhook_id: exampleId('webhook'),
  event_id: exampleId('event'),
  event_type: TEST_EVENT_TYPE,
  origin: 'test',
  status: 'pending',
  attempt_count: 0,
  next_attempt_at: EXAMPLE_TIME,
  created_at: EXAMPLE_TIME,
  completed_at: null,
  last_response_status: null,
  last_error_kind: null,
  payload: {
    id: exampleId('event'),
    type: TEST_EVENT_TYPE,
    created_at: EXAMPLE_TIME,
    data: { webhook_id: exampleId('webhook'), message: 'A test event sent from developer settings or the API. It describes no conversation.' },
  },
  attempts: [],
};

export const exampleEvent = {
  id: exampleId('event'),
  type: 'conversation.updated',
  created_at: EXAMPLE_TIME,
  data: { id: exampleId('conversation'), title: 'Weekly launch sync', started_at: EXAMPLE_TIME, status: 'ready', changed: ['title'] },
};
