import { Controller, Get, Param } from '@nestjs/common';
import { notFound, PROBLEM_STATUS } from '@cs/domain';
import { Public } from '@cs/token-verification';
import { isProblemCode, PROBLEM_TYPES } from './problem-types';

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
