import { z } from 'zod/v4';
import { folderIdField, LIMITS, nameField, visibilityField } from '../validation/fields';

const name = () => nameField(LIMITS.folderName).meta({ description: 'Folder name.' });

export const CreateFolderRequestSchema = z
  .strictObject({
    name: name(),
    parent_id: folderIdField.nullable().optional().meta({ description: 'A folder the caller can see; null or omitted for top level.' }),
    visibility: visibilityField('workspace').optional(),
  })
  .meta({ description: 'A new folder.' });
export type CreateFolderInput = z.output<typeof CreateFolderRequestSchema>;

export const UpdateFolderRequestSchema = z
  .strictObject({
    name: name().optional(),
    parent_id: folderIdField.nullable().optional().meta({ description: 'New parent; null for top level.' }),
    visibility: visibilityField('unchanged').optional(),
  })
  .meta({ description: 'Fields to change; moving a folder into itself or below itself is a 409.' });
export type UpdateFolderInput = z.output<typeof UpdateFolderRequestSchema>;
