import { accountEvents, lostWrites } from './accounting';

describe('accountEvents (fault drills: what one subscription received)', () => {
  it('counts lost events, duplicates, and duplicates that came with another webhook-id', () => {
    const account = accountEvents(
      ['evt_1', 'evt_2', 'evt_3', 'evt_4'],
      [
        { eventId: 'evt_1', webhookId: 'msg_1' },
        { eventId: 'evt_1', webhookId: 'msg_1' },
        { eventId: 'evt_2', webhookId: 'msg_2' },
        { eventId: 'evt_2', webhookId: 'msg_2b' },
        { eventId: 'evt_4', webhookId: 'msg_4' },
        { eventId: 'evt_0', webhookId: 'msg_0' },
      ],
    );
    expect(account).toEqual({ expected: 4, delivered: 3, lost: ['evt_3'], duplicates: 2, duplicatesWithNewWebhookId: 1, unexpected: 1 });
  });

  it('does not take a repeat without a webhook-id for the same delivery', () => {
    const account = accountEvents(['evt_1'], [{ eventId: 'evt_1', webhookId: undefined }, { eventId: 'evt_1', webhookId: undefined }]);
    expect(account).toMatchObject({ lost: [], duplicates: 1, duplicatesWithNewWebhookId: 1 });
  });

  it('reports nothing lost when nothing was expected', () => {
    expect(accountEvents([], [])).toEqual({ expected: 0, delivered: 0, lost: [], duplicates: 0, duplicatesWithNewWebhookId: 0, unexpected: 0 });
  });
});

describe('lostWrites (fault drills: acknowledged writes the database does not hold)', () => {
  it('finds a created conversation that is missing and a title that is not the acknowledged one', () => {
    const titles = new Map([
      ['conv_a', 'Renamed a'],
      ['conv_b', 'Rollout review'],
    ]);
    const lost = lostWrites({ created: ['conv_a', 'conv_b', 'conv_c'], updated: new Map([['conv_a', 'Renamed a'], ['conv_b', 'Renamed b']]) }, titles);
    expect(lost).toEqual(['created conv_c', 'updated conv_b: "Renamed b" acknowledged, "Rollout review" stored']);
  });

  it('finds nothing when every acknowledged write is there', () => {
    expect(lostWrites({ created: ['conv_a'], updated: new Map([['conv_a', 'x']]) }, new Map([['conv_a', 'x']]))).toEqual([]);
  });
});
