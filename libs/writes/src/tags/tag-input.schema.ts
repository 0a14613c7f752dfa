import { z } from 'zod/v4';
import { atMost, colorField, LIMITS, mustBeAString, nameField } from '../validation/fields';

const name = () => nameField(LIMITS.tagName).meta({ description: 'Tag name.' });
const description = () =>
  mustBeAString().trim().max(LIMITS.tagDescription, atMost(LIMITS.tagDescription)).nullable().optional().meta({ description: 'What the tag is for.' });

export const CreateTagRequestSchema = z
  .strictObject({ name: name(), color: colorField('Hex colour, stored in lower case.').nullable().optional(), description: description() })
  .meta({ description: 'A new tag; names are unique in the workspace, compared case-insensitively.' });
export type CreateTagInput = z.output<typeof CreateTagRequestSchema>;

export const UpdateTagRequestSchema = z
  .strictObject({ name: name().optional(), color: colorField('Hex colour; null removes it.').nullable().optional(), description: description() })
  .meta({ description: 'Fields to change.' });
export type UpdateTagInput = z.output<typeof UpdateTagRequestSchema>;
