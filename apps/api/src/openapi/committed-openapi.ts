import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApiDocument } from '@cs/api-routes';

/** apps/api/openapi.json: the document as a local deployment serves it, for readers and generators that never run the api. */
export const COMMITTED_OPENAPI = join(__dirname, '..', '..', 'openapi.json');

export const REGENERATE_OPENAPI = 'nx run api:openapi';

export const renderCommittedOpenApi = (): string => `${JSON.stringify(buildOpenApiDocument('http://localhost:3000'), null, 2)}\n`;

// `nx run api:openapi` runs this file from dist/, which sits where src/ does, so the path above holds for both.
if (require.main === module) writeFileSync(COMMITTED_OPENAPI, renderCommittedOpenApi());
