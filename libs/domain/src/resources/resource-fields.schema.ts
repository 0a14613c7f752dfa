import { z } from 'zod/v4';
import { exampleId, type IdKind, idPattern } from '../ids/prefixed-id';

/** Field schemas every resource schema shares (catalog, writes, webhooks), so ids and times read alike everywhere. */

export const prefixedId = (kind: IdKind, description: string) =>
  z.string().regex(new RegExp(idPattern(kind))).meta({ description, examples: [exampleId(kind)] });

// Timestamps the service itself produces (toISOString) are documented, not re-checked.
export const timestamp = (description: string) => z.string().meta({ format: 'date-time', description });
