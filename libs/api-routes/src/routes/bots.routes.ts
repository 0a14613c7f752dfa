import { declareRoute } from '../route-declaration';
import { WRITE_SCHEMAS } from '../openapi/component-schemas';
import { exampleBot } from './examples';
import { OWNER_NOTE, WRITE_NOTE } from './notes';

export const BOT_ROUTES = {
  create: declareRoute({
    operationId: 'createBot',
    method: 'post',
    path: '/api/v1/bots',
    tag: 'Bots',
    summary: 'Send a recorder bot to a meeting',
    description:
      'Schedules a recorder bot for the meeting at `join_at` (now when omitted) and creates the `pending` conversation it records ' +
      'into. When the recording ends, its transcript is added and the conversation is processed to `ready`; when the bot is not ' +
      'admitted or the platform asks for verification or a CAPTCHA, the conversation ends in `error` with that ' +
      '`termination_reason` (any other failure: `error` with termination_reason null). With RECORDER_PROVIDER=recall the bot is a ' +
      'Recall.ai bot (docs/recall.md); the development recorder joins only ' +
      `meetings on \`*.example.test\`. ${WRITE_NOTE}`,
    access: 'api-key',
    idempotent: true,
    body: { json: WRITE_SCHEMAS.CreateBotRequest },
    success: { status: 201, description: 'The scheduled bot.', schema: 'Bot', example: exampleBot },
    errors: ['NotFound'],
  }),
  retrieve: declareRoute({
    operationId: 'getBot',
    method: 'get',
    path: '/api/v1/bots/{id}',
    tag: 'Bots',
    summary: 'Retrieve a bot',
    description: 'The bot and its status. Bots are part of the write API: API keys only. A bot is visible where its conversation is.',
    access: 'api-key',
    pathParams: { id: 'BotId' },
    success: { status: 200, description: 'The bot.', schema: 'Bot', example: exampleBot },
    errors: ['NotFound'],
  }),
  cancel: declareRoute({
    operationId: 'cancelBot',
    method: 'delete',
    path: '/api/v1/bots/{id}',
    tag: 'Bots',
    summary: 'Cancel a bot',
    description:
      'Cancels a bot that has not joined its meeting yet (`scheduled`): the bot becomes `failed`, and its conversation ends in ' +
      '`error` with `error_reason` `cancelled` (and a `conversation.failed` event); the conversation is kept. A bot already handed ' +
      'to Recall.ai is deleted there. Cancelling a cancelled bot again answers it as it is; a bot that has joined (or ended) is a ' +
      `409 \`conflict\`. ${OWNER_NOTE} ${WRITE_NOTE}`,
    access: 'api-key',
    pathParams: { id: 'BotId' },
    success: { status: 200, description: 'The cancelled bot.', schema: 'Bot', example: { ...exampleBot, status: 'failed' } },
    errors: ['NotFound', 'Conflict'],
  }),
  recallEvents: declareRoute({
    operationId: 'receiveRecallWebhook',
    method: 'post',
    path: '/api/v1/recorder/recall/events',
    tag: 'Bots',
    summary: 'Recall.ai status webhooks',
    description:
      'Where Recall.ai sends its bot status webhooks when RECORDER_PROVIDER=recall (register this URL in Recall\'s dashboard, ' +
      'docs/recall.md). Not for API clients: no bearer token, but Recall\'s signature (`webhook-id`, `webhook-timestamp`, ' +
      '`webhook-signature`, or the legacy `svix-*` headers) with RECALL_WEBHOOK_SECRET; an unsigned, stale or wrongly signed request ' +
      'is a 401. Each message is kept once (by its id) and applied by the processor: statuses only move a bot forward, so ' +
      'repeated and late ones change nothing.',
    access: 'signed',
    body: { json: WRITE_SCHEMAS.RecallStatusWebhook },
    success: { status: 200, description: 'Whether the message was kept.', schema: 'RecallWebhookOutcome', example: { outcome: 'recorded' } },
    errors: [],
  }),
  recorderEvents: declareRoute({
    operationId: 'receiveRecorderEvent',
    method: 'post',
    path: '/api/v1/recorder/events',
    tag: 'Bots',
    summary: 'Recorder callback',
    description:
      'Where a meeting recorder reports a bot\'s progress. Not for API clients: the request carries no bearer token but is signed ' +
      'per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>`) ' +
      'with RECORDER_CALLBACK_SECRET; an unsigned, stale or wrongly signed request is a 401. Reports only move a bot forward ' +
      '(scheduled → joining → waiting_room → recording → done | failed); a repeated or late one is answered `ignored`.',
    access: 'signed',
    body: { json: WRITE_SCHEMAS.RecorderEvent },
    success: { status: 200, description: 'Whether the report changed anything.', schema: 'RecorderEventOutcome', example: { outcome: 'applied' } },
    errors: ['NotFound'],
  }),
};
