import { PAGE_PARAMS } from '@cs/paging';
import { declareRoute } from '../route-declaration';
import { WRITE_SCHEMAS } from '../openapi/component-schemas';
import { exampleTag, exampleTagEntry } from './examples';
import { WRITE_NOTE } from './notes';

export const TAG_ROUTES = {
  list: declareRoute({
    operationId: 'listTags',
    method: 'get',
    path: '/api/v1/tags',
    tag: 'Tags',
    summary: 'List tags',
    description:
      'Every tag of the workspace, ordered by name (case-insensitive, ascending; ties broken by id ascending). Only `limit` and ' +
      '`cursor` are accepted. `applied_count` counts the conversations visible to the caller, of any status, that carry the tag; ' +
      'AI suggestions not accepted by the user are not counted.',
    access: { scope: 'conversations:read' },
    query: { params: PAGE_PARAMS, documented: { limit: 'Limit', cursor: 'Cursor' } },
    success: {
      status: 200,
      description: 'A page of tags.',
      schema: 'TagPage',
      example: { data: [{ ...exampleTag, description: 'Calls with customers.', applied_count: 12 }], next_cursor: null, has_more: false },
    },
    errors: [],
  }),
  create: declareRoute({
    operationId: 'createTag',
    method: 'post',
    path: '/api/v1/tags',
    tag: 'Tags',
    summary: 'Create a tag',
    description: `Creates a tag of the workspace; any member may. A name already taken (case-insensitively) is a 409. ${WRITE_NOTE}`,
    access: 'api-key',
    idempotent: true,
    body: { json: WRITE_SCHEMAS.CreateTagRequest },
    success: { status: 201, description: 'The new tag.', schema: 'TagCatalogEntry', example: exampleTagEntry },
    errors: ['NotFound', 'Conflict'],
  }),
  update: declareRoute({
    operationId: 'updateTag',
    method: 'patch',
    path: '/api/v1/tags/{id}',
    tag: 'Tags',
    summary: 'Update a tag',
    description: `Renames a tag or changes its colour or description; any member may. ${WRITE_NOTE}`,
    access: 'api-key',
    pathParams: { id: 'TagIdPath' },
    body: { json: WRITE_SCHEMAS.UpdateTagRequest },
    success: { status: 200, description: 'The tag.', schema: 'TagCatalogEntry' },
    errors: ['NotFound', 'Conflict'],
  }),
  remove: declareRoute({
    operationId: 'deleteTag',
    method: 'delete',
    path: '/api/v1/tags/{id}',
    tag: 'Tags',
    summary: 'Delete a tag',
    description: `Deletes the tag and removes it from every conversation (pending suggestions included). ${WRITE_NOTE}`,
    access: 'api-key',
    pathParams: { id: 'TagIdPath' },
    success: { status: 204, description: 'Deleted.' },
    errors: ['NotFound'],
  }),
};
