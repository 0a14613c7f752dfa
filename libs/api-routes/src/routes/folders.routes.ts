import { LIST_FOLDERS_PARAMS } from '@cs/catalog';
import { exampleId } from '@cs/domain';
import { declareRoute } from '../route-declaration';
import { WRITE_SCHEMAS } from '../openapi/component-schemas';
import { EXAMPLE_TIME, exampleFolder } from './examples';
import { OWNER_NOTE, WRITE_NOTE } from './notes';

export const FOLDER_ROUTES = {
  list: declareRoute({
    operationId: 'listFolders',
    method: 'get',
    path: '/api/v1/folders',
    tag: 'Folders',
    summary: 'List folders',
    description:
      'Folders visible to the caller (owned by the caller, or shared with the workspace), newest first: `created_at` descending, ' +
      'ties broken by `id` descending. With `folder_id`, only folders below it: any depth by default, direct children with ' +
      '`recursive=false`.',
    access: { scope: 'folders:read' },
    query: {
      params: LIST_FOLDERS_PARAMS,
      documented: { limit: 'Limit', cursor: 'Cursor', folder_id: 'FolderFolderId', recursive: 'FolderRecursive', updated_after: 'FolderUpdatedAfter' },
    },
    success: {
      status: 200,
      description: 'A page of folders.',
      schema: 'FolderPage',
      example: { data: [{ id: exampleId('folder'), name: 'Customers', parent_id: null, created_at: EXAMPLE_TIME }], next_cursor: null, has_more: false },
    },
    errors: ['NotFound'],
  }),
  create: declareRoute({
    operationId: 'createFolder',
    method: 'post',
    path: '/api/v1/folders',
    tag: 'Folders',
    summary: 'Create a folder',
    description: `Creates a folder, at the top level or inside a folder the caller can see. ${WRITE_NOTE}`,
    access: 'api-key',
    idempotent: true,
    body: { json: WRITE_SCHEMAS.CreateFolderRequest },
    success: { status: 201, description: 'The new folder.', schema: 'Folder', example: exampleFolder },
    errors: ['NotFound', 'Conflict'],
  }),
  update: declareRoute({
    operationId: 'updateFolder',
    method: 'patch',
    path: '/api/v1/folders/{id}',
    tag: 'Folders',
    summary: 'Update a folder',
    description: `Renames, moves or changes the visibility of a folder. ${OWNER_NOTE} ${WRITE_NOTE}`,
    access: 'api-key',
    pathParams: { id: 'FolderId' },
    body: { json: WRITE_SCHEMAS.UpdateFolderRequest },
    success: { status: 200, description: 'The folder.', schema: 'Folder' },
    errors: ['NotFound', 'Conflict'],
  }),
  remove: declareRoute({
    operationId: 'deleteFolder',
    method: 'delete',
    path: '/api/v1/folders/{id}',
    tag: 'Folders',
    summary: 'Delete a folder',
    description:
      'Deletes an empty folder. A folder that still holds subfolders or conversations (anyone\'s) is a 409 `conflict`: move or ' +
      `delete its content first, so a delete never takes content with it. ${OWNER_NOTE} ${WRITE_NOTE}`,
    access: 'api-key',
    pathParams: { id: 'FolderId' },
    success: { status: 204, description: 'Deleted.' },
    errors: ['NotFound', 'Conflict'],
  }),
};
