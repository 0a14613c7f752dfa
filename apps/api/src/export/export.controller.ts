import { Controller, Req, Res, UseGuards } from '@nestjs/common';
import { EXPORT_ROUTES } from '@cs/api-routes';
import { Catalog, type ExportParams } from '@cs/catalog';
import type { Principal } from '@cs/domain';
import type { Params } from '@cs/paging';
import { acceptsGzip, streamNdjson } from '@cs/nest-infrastructure';
import { CurrentPrincipal } from '@cs/token-verification';
import type { Request, Response } from 'express';
import { QueryOf } from '../http/query-params.pipe';
import { Route } from '../http/route.decorator';
import { ExportSlotGuard } from './export-slots.guard';

@Controller()
export class ExportController {
  constructor(private readonly catalog: Catalog) {}

  @Route(EXPORT_ROUTES.export)
  @UseGuards(ExportSlotGuard)
  async export(
    @CurrentPrincipal() principal: Principal,
    @QueryOf(EXPORT_ROUTES.export) params: Params<ExportParams>,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await streamNdjson(res, await this.catalog.exportConversations(principal, params), { gzip: acceptsGzip(req) });
  }
}
