/**
 * The type of the event "Send test event" delivers. It is not in EVENT_TYPES: nobody subscribes to it, it is only
 * ever sent on an admin's request, to the one webhook asked for.
 */
export const TEST_EVENT_TYPE = 'webhook.test';
