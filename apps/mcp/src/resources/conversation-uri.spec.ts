import { conversationIdOf, conversationLink, conversationUri } from './conversation-uri';

describe('conversation:// URIs', () => {
  it('name a conversation by its id, and give the id back', () => {
    expect(conversationUri('conv_01jbz4q3w7y7c6p2x5v8m9n0ab')).toBe('conversation://conv_01jbz4q3w7y7c6p2x5v8m9n0ab');
    expect(conversationIdOf('conversation://conv_01jbz4q3w7y7c6p2x5v8m9n0ab')).toBe('conv_01jbz4q3w7y7c6p2x5v8m9n0ab');
  });

  it.each(['conversations://conv_1', 'conversation://', 'conversation://conv_1/sources', 'conversation://conv_1?x=1', 'conversation://conv_1#a', 'conversation://%E0%A4%A', 'https://x/conv_1'])(
    'read %s as naming no conversation',
    (uri) => {
      expect(conversationIdOf(uri)).toBeNull();
    },
  );

  it('make a resource_link named by the title, or the id when there is none', () => {
    expect(conversationLink({ id: 'conv_1', title: 'Sync' })).toEqual({ type: 'resource_link', uri: 'conversation://conv_1', name: 'Sync', mimeType: 'application/json' });
    expect(conversationLink({ id: 'conv_1', title: null }).name).toBe('conv_1');
  });
});
