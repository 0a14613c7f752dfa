import { NO_PARAMS } from '@cs/paging';
import { CONVERSATION_ROUTES } from '../routes/conversations.routes';
import { declareRoute } from '../route-declaration';
import { WRITE_SCHEMAS } from './component-schemas';
import { operationOf } from './route-operation';

const route = declareRoute({
  operationId: 'example',
  method: 'get',
  path: '/api/v1/examples/{id}',
  tag: 'Service',
  summary: 'An example',
  description: 'Reads one example.',
  access: { scope: 'folders:read' },
  pathParams: { id: 'FolderId' },
  query: { params: NO_PARAMS, documented: {} },
  success: { status: 200, description: 'The example.', schema: 'Folder' },
  errors: ['NotFound'],
});

describe('operationOf', () => {
  it('states a scoped route as an API key or a token with that scope, and says so in the description', () => {
    const operation = operationOf(route);
    expect(operation.security).toEqual([{ bearerAuth: [] }, { oauth2: ['folders:read'] }]);
    expect(operation.description).toBe(
      'Reads one example. Requires the `folders:read` scope (API keys carry every scope). A token without it gets 403 `insufficient_scope`.',
    );
  });

  it('lets only API keys call an api-key route, and no one needs credentials for a public or signed one', () => {
    expect(operationOf({ ...route, access: 'api-key' }).security).toEqual([{ bearerAuth: [] }]);
    expect(operationOf({ ...route, access: 'credential' }).security).toEqual([{ bearerAuth: [] }, { oauth2: [] }]);
    expect(operationOf({ ...route, access: 'public' }).security).toEqual([]);
    expect(operationOf({ ...route, access: 'signed' }).security).toEqual([]);
  });

  it('lists the path parameters, then the documented query, then the request id', () => {
    expect(operationOf(CONVERSATION_ROUTES.list).parameters?.map((p) => ('$ref' in p ? p.$ref.split('/').pop() : p.name))).toEqual([
      'Limit',
      'Cursor',
      'ConversationQuery',
      'ConversationFolderId',
      'ConversationRecursive',
      'Status',
      'CreatedAfter',
      'ConversationUpdatedAfter',
      'TagId',
      'RequestId',
    ]);
    expect(operationOf(route).parameters).toEqual([{ $ref: '#/components/parameters/FolderId' }, { $ref: '#/components/parameters/RequestId' }]);
  });

  it('gives an idempotent route the Idempotency-Key header, its note and the replay header on the success', () => {
    const operation = operationOf({ ...route, method: 'post', idempotent: true, access: 'api-key' });
    expect(operation.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    expect(operation.description.endsWith('Send an `Idempotency-Key` to make retries safe.')).toBe(true);
    expect(Object.keys((operation.responses['200'] as { headers: object }).headers)).toContain('Idempotent-Replayed');
  });

  it('answers the problems its parts imply and the ones it names, and a 204 without a body', () => {
    const operation = operationOf({ ...route, method: 'delete', success: { status: 204, description: 'Deleted.' } });
    expect(Object.keys(operation.responses)).toEqual(['204', '400', '401', '403', '404', '429', '500', '503']);
    expect(operation.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
    expect(Object.keys(operationOf({ ...route, access: 'public', query: undefined, errors: [] }).responses)).toEqual(['200', '500']);
    const write = operationOf({ ...route, method: 'post', access: 'api-key', query: undefined, body: { json: WRITE_SCHEMAS.CreateTagRequest } });
    expect(write.responses['400']).toEqual({ $ref: '#/components/responses/WriteBadRequest' });
    expect(write.responses['403']).toEqual({ $ref: '#/components/responses/WriteForbidden' });
    expect(Object.keys(write.responses)).toEqual(['200', '400', '401', '403', '404', '413', '415', '429', '500', '503']);
    expect(operation.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    expect('content' in operation.responses['204']!).toBe(false);
  });
});
