import { Controller, Get, Param } from '@nestjs/common';
import { isProblemCode, notFound, PROBLEM_STATUS, PROBLEM_TYPES } from '@cs/domain';
import { Public } from '@cs/token-verification';

/** Makes each problem `type` URI dereferenceable. */
@Controller('api/v1/problems')
export class ProblemTypesController {
  @Public()
  @Get(':code')
  describe(@Param('code') code: string) {
    if (!isProblemCode(code)) throw notFound('problem type');
    return { code, status: PROBLEM_STATUS[code], ...PROBLEM_TYPES[code] };
  }
}
