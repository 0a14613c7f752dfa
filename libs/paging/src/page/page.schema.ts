import { z } from 'zod/v4';

/** A page of a keyset-paginated list; `next_cursor` is a string exactly when `has_more` is true. */
export const listEnvelope = <T extends z.ZodType>(item: T, description: string) =>
  z
    .strictObject({
      data: z.array(item).meta({ description: 'Resources of this page.' }),
      next_cursor: z
        .string()
        .nullable()
        .meta({
          description:
            'Opaque cursor for the next page; null on the last page. Pass it as `cursor` unchanged. It is signed, expires after 24 hours, ' +
            'and works only for the same endpoint, the same filters and the same caller.',
        }),
      has_more: z.boolean().meta({ description: 'false on the last page.' }),
    })
    .meta({
      description: `${description} Keyset-paginated: follow \`next_cursor\` until \`has_more\` is false.`,
      // The two fields must agree: a cursor exactly when there is more (zod has no conditional, so JSON Schema states it).
      if: { properties: { has_more: { const: false } } },
      then: { properties: { next_cursor: { type: 'null' } } },
      else: { properties: { next_cursor: { type: 'string', minLength: 1 } } },
    });
