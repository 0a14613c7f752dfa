import { Controller, Param } from '@nestjs/common';
import { SERVICE_ROUTES } from '@cs/api-routes';
import { isProblemCode, notFound, PROBLEM_STATUS, PROBLEM_TYPES } from '@cs/domain';
import { Route } from './route.decorator';

/** Makes each problem `type` URI dereferenceable. */
@Controller()
export class ProblemTypesController {
  @Route(SERVICE_ROUTES.problemType)
  describe(@Param('code') code: string) {
    if (!isProblemCode(code)) throw notFound('problem type');
    return { code, status: PROBLEM_STATUS[code], ...PROBLEM_TYPES[code] };
  }
}
