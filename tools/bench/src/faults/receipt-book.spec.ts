import { WebhookReceiver } from '@cs/testing';
import { Webhook } from 'standardwebhooks';
import { ReceiptBook } from './receipt-book';

const SECRET = `whsec_${Buffer.from('a fault drill secret of 32 bytes').toString('base64')}`;

function delivery(path: string, eventId: string, webhookId: string, secret = SECRET) {
  const body = JSON.stringify({ id: eventId, type: 'conversation.ready', created_at: '2026-12-04T00:00:00.000Z', data: { id: 'conv_1' } });
  const at = new Date();
  const headers = { 'webhook-id': webhookId, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign(webhookId, at, body) };
  return { path, headers, body, at: at.getTime() };
}

describe('ReceiptBook (fault drills: deliveries verified on arrival)', () => {
  it('keeps each verified delivery of a subscribed path with its webhook-id, and counts the forged ones', () => {
    const receiver = new WebhookReceiver();
    const book = new ReceiptBook(receiver, { '/hooks/ready': SECRET });
    const otherSecret = `whsec_${Buffer.from('another secret, also of 32 bytes').toString('base64')}`;
    receiver.requests.push(delivery('/hooks/ready', 'evt_1', 'msg_1'), delivery('/hooks/ready', 'evt_2', 'msg_2', otherSecret), delivery('/elsewhere', 'evt_3', 'msg_3'));
    book.catchUp();
    receiver.requests.push(delivery('/hooks/ready', 'evt_1', 'msg_1'));
    book.catchUp();
    expect(book.at('/hooks/ready')).toEqual([
      { eventId: 'evt_1', webhookId: 'msg_1', type: 'conversation.ready', conversationId: 'conv_1' },
      { eventId: 'evt_1', webhookId: 'msg_1', type: 'conversation.ready', conversationId: 'conv_1' },
    ]);
    expect(book.badAt('/hooks/ready')).toBe(1);
    expect(book.at('/elsewhere')).toEqual([]);
  });
});
