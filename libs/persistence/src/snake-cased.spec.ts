import type { SnakeCased } from './snake-cased';

// The type-check (`tsc -p tsconfig.json`) is what proves this: a wrong mapping fails the assignments below.
describe('SnakeCased', () => {
  it('spells each camelCase key as its column and keeps the value types', () => {
    const record: SnakeCased<{ id: string; workspaceId: string; lastUsedAt: Date | null }> = { id: 'key_1', workspace_id: 'ws_1', last_used_at: null };
    // @ts-expect-error a camelCase key is not a column of the record
    const wrong: SnakeCased<{ createdAt: Date }> = { createdAt: new Date() };
    expect(Object.keys(record)).toEqual(['id', 'workspace_id', 'last_used_at']);
    expect(wrong).toBeDefined();
  });
});
