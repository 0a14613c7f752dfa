import { GET_CONVERSATION_ARGS, GET_TRANSCRIPT_ARGS, LIST_CONVERSATIONS_PARAMS, LIST_FOLDERS_PARAMS } from '@cs/catalog';
import { type JsonSchema, NO_PARAMS, type QueryParams } from '@cs/paging';
import { FETCH_TOOL_ARGS, SEARCH_TOOL_ARGS } from '@cs/search';
import type { z } from 'zod/v4';
import { TOOLS, toolNamed } from './tool-definitions';

const propertiesOf = (schema: JsonSchema) => schema['properties'] as Record<string, JsonSchema>;

describe('tool input schemas are the catalog parameter schemas', () => {
  it.each<[string, QueryParams<z.ZodObject>]>([
    ['list-conversations', LIST_CONVERSATIONS_PARAMS],
    ['list-folders', LIST_FOLDERS_PARAMS],
    ['get-conversation', GET_CONVERSATION_ARGS],
    ['get-transcript', GET_TRANSCRIPT_ARGS],
    ['get-me', NO_PARAMS],
    ['search', SEARCH_TOOL_ARGS],
    ['fetch', FETCH_TOOL_ARGS],
  ])('%s: the same types, bounds, defaults and required names, each parameter described for a model', (name, params) => {
    const input = toolNamed(name)!.inputSchema;
    expect({ ...input, properties: undefined }).toEqual({ ...params.jsonSchema, properties: undefined });
    const expected = Object.fromEntries(
      Object.entries(propertiesOf(params.jsonSchema)).map(([param, schema]) => [param, { ...schema, description: expect.stringMatching(/\S/) }]),
    );
    expect(propertiesOf(input)).toEqual(expected);
  });

  it('passes limit to the catalog as a number, bounded as REST bounds it', () => {
    expect(propertiesOf(toolNamed('list-conversations')!.inputSchema)['limit']).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 25 });
  });

  it('gives every tool an object output schema', () => {
    for (const tool of TOOLS) expect(tool.outputSchema['type']).toBe('object');
  });
});
