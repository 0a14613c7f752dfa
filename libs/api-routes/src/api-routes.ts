import type { RouteDeclaration } from './route-declaration';
import { BOT_ROUTES } from './routes/bots.routes';
import { CONVERSATION_ROUTES } from './routes/conversations.routes';
import { EVENT_ROUTES } from './routes/events.routes';
import { EXPORT_ROUTES } from './routes/export.routes';
import { FOLDER_ROUTES } from './routes/folders.routes';
import { SEARCH_ROUTES } from './routes/search.routes';
import { ACCOUNT_ROUTES, SERVICE_ROUTES } from './routes/service.routes';
import { TAG_ROUTES } from './routes/tags.routes';
import { WEBHOOK_ROUTES } from './routes/webhooks.routes';

const C = CONVERSATION_ROUTES;

/** Every route of the REST API, in the order the OpenAPI document lists their paths. */
export const API_ROUTES: readonly RouteDeclaration[] = [
  C.list,
  C.retrieve,
  C.segments,
  EXPORT_ROUTES.export,
  SEARCH_ROUTES.search,
  TAG_ROUTES.list,
  FOLDER_ROUTES.list,
  ACCOUNT_ROUTES.me,
  ...Object.values(SERVICE_ROUTES),
  C.create,
  C.update,
  C.remove,
  C.addSource,
  C.applyTag,
  C.removeTag,
  FOLDER_ROUTES.create,
  FOLDER_ROUTES.update,
  FOLDER_ROUTES.remove,
  TAG_ROUTES.create,
  ...Object.values(BOT_ROUTES),
  TAG_ROUTES.update,
  TAG_ROUTES.remove,
  ...Object.values(WEBHOOK_ROUTES),
  ...Object.values(EVENT_ROUTES),
] as RouteDeclaration[];
