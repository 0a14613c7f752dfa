import { type AudiencedEvent, receivedType, type SubscriptionFilter, subscriptionReceives } from './subscription-match';

const aSubscription = (over: Partial<SubscriptionFilter> = {}): SubscriptionFilter => ({
  workspaceId: 'ws_1',
  ownerId: 'usr_owner',
  enabled: true,
  events: ['conversation.ready', 'conversation.failed', 'conversation.deleted'],
  createdAt: new Date('2026-01-01T10:00:00.000Z'),
  ...over,
});
const anEvent = (over: Partial<AudiencedEvent> = {}): AudiencedEvent => ({
  workspaceId: 'ws_1',
  type: 'conversation.ready',
  audience: { owner_id: 'usr_other', visibility: 'workspace' },
  createdAt: new Date('2026-01-01T10:00:00.000Z'),
  ...over,
});

describe('subscriptionReceives', () => {
  it('delivers workspace-visible conversations of its workspace to every subscription there', () => {
    expect(subscriptionReceives(aSubscription(), anEvent())).toBe(true);
  });

  it("delivers a private conversation only to its owner's subscriptions", () => {
    const privateEvent = anEvent({ audience: { owner_id: 'usr_owner', visibility: 'private' } });
    expect(subscriptionReceives(aSubscription(), privateEvent)).toBe(true);
    expect(subscriptionReceives(aSubscription({ ownerId: 'usr_someone_else' }), privateEvent)).toBe(false);
  });

  it('receives only events recorded at or after its creation', () => {
    const subscription = aSubscription({ createdAt: new Date('2026-01-01T10:00:00.000Z') });
    expect(subscriptionReceives(subscription, anEvent({ createdAt: new Date('2026-01-01T09:59:59.999Z') }))).toBe(false);
    expect(subscriptionReceives(subscription, anEvent({ createdAt: new Date('2026-01-01T10:00:00.000Z') }))).toBe(true);
  });

  it('never crosses workspaces', () => {
    expect(subscriptionReceives(aSubscription({ workspaceId: 'ws_2' }), anEvent())).toBe(false);
  });

  it('delivers only the selected event types', () => {
    expect(subscriptionReceives(aSubscription({ events: ['conversation.deleted'] }), anEvent())).toBe(false);
    expect(subscriptionReceives(aSubscription({ events: ['conversation.deleted'] }), anEvent({ type: 'conversation.deleted' }))).toBe(true);
  });

  it('delivers nothing new to a disabled subscription', () => {
    expect(subscriptionReceives(aSubscription({ enabled: false }), anEvent())).toBe(false);
  });

  it('delivers an event without an audience to nobody', () => {
    expect(subscriptionReceives(aSubscription(), anEvent({ audience: null }))).toBe(false);
  });

  it('sends conversation.hidden to a subscription whose owner could see the conversation before it was made private, if selected', () => {
    const madePrivate = anEvent({ type: 'conversation.updated', audience: { owner_id: 'usr_other', visibility: 'private', was_visibility: 'workspace' } });
    expect(receivedType(aSubscription({ events: ['conversation.updated'] }), madePrivate)).toBeNull();
    expect(receivedType(aSubscription({ events: ['conversation.hidden'] }), madePrivate)).toBe('conversation.hidden');
    expect(receivedType(aSubscription({ ownerId: 'usr_other', events: ['conversation.updated'] }), madePrivate)).toBe('conversation.updated');
  });

  it('sends tag events to every subscription of the workspace', () => {
    const tagEvent = anEvent({ type: 'tag.created', audience: { visibility: 'workspace' } });
    expect(subscriptionReceives(aSubscription({ events: ['tag.created'] }), tagEvent)).toBe(true);
  });
});
