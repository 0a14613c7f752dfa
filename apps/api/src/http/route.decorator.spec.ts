import 'reflect-metadata';
import { API_ROUTES, expressPath, type RouteDeclaration, SERVICE_ROUTES } from '@cs/api-routes';
import { HealthController } from '@cs/nest-infrastructure';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod, type Type } from '@nestjs/common';
import { AppModule } from '../app.module';
import type { ApiConfig } from '../config/api-config';
import { ROUTE_DECLARATION } from './route.decorator';

/** Every handler of a controller with what Nest binds it to, and the declaration it says it serves. */
function handlersOf(controller: Type) {
  const prototype = controller.prototype as Record<string, object>;
  return Object.getOwnPropertyNames(prototype)
    .filter((name) => name !== 'constructor' && Reflect.hasMetadata(METHOD_METADATA, prototype[name]!))
    .map((name) => {
      const handler = prototype[name]!;
      return {
        where: `${controller.name}.${name}`,
        method: RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number]!.toLowerCase(),
        path: `${Reflect.getMetadata(PATH_METADATA, controller) as string}/${Reflect.getMetadata(PATH_METADATA, handler) as string}`.replace(/\/+/g, '/'),
        route: Reflect.getMetadata(ROUTE_DECLARATION, handler) as RouteDeclaration | undefined,
      };
    });
}

describe('route declarations', () => {
  // register() only assembles the module; nothing connects until Nest builds it.
  const controllers = AppModule.register({} as ApiConfig).controllers as Type[];
  const handlers = controllers.flatMap(handlersOf);

  it('binds every handler of the api to a declared route, at the declared method and path', () => {
    for (const handler of handlers.filter((h) => h.where.split('.')[0] !== HealthController.name)) {
      expect({ where: handler.where, declared: handler.route !== undefined }).toEqual({ where: handler.where, declared: true });
      expect(API_ROUTES).toContain(handler.route);
      expect({ where: handler.where, method: handler.method, path: handler.path }).toEqual({
        where: handler.where,
        method: handler.route!.method,
        path: expressPath(handler.route!.path),
      });
    }
  });

  it('serves every declared route exactly once; the probes are the shared health controller', () => {
    const served = handlers.flatMap((h) => (h.route ? [h.route.operationId] : []));
    const probes = handlersOf(HealthController).map((h) => `${h.method} ${h.path}`);
    expect(probes.sort()).toEqual(
      [SERVICE_ROUTES.liveness, SERVICE_ROUTES.readiness].map((r) => `${r.method} ${expressPath(r.path)}`).sort(),
    );
    const declared = API_ROUTES.filter((r) => r !== SERVICE_ROUTES.liveness && r !== SERVICE_ROUTES.readiness).map((r) => r.operationId);
    expect(served.sort()).toEqual(declared.sort());
  });

  it('documents each query parameter a route validates, and only those', () => {
    for (const route of API_ROUTES.filter((r) => r.query)) {
      const validated = Object.keys(route.query!.params.jsonSchema['properties'] as object).sort();
      expect({ route: route.operationId, documented: Object.keys(route.query!.documented).sort() }).toEqual({ route: route.operationId, documented: validated });
    }
  });
});
