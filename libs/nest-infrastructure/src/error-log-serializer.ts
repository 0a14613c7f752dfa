import { stdSerializers } from 'pino-http';

/**
 * pino's `err` serializer, without the values of a failed query: TypeORM's QueryFailedError carries the
 * statement's `parameters`, and Postgres' `detail` and `where` quote values ("Key (name)=(…) already exists"); they
 * hold user content and sealed secrets (issue 19). The statement, the message, the constraint and the error's code
 * stay, which is what finding the failure takes.
 */
export function serializeErrorForLog(err: unknown): unknown {
  const serialized: unknown = stdSerializers.err(err as Error);
  dropQueryValues(serialized, 0);
  return serialized;
}

/** Nested errors are serialized into own properties (driverError, cause…): a few levels cover them. */
const MAX_DEPTH = 4;

function dropQueryValues(value: unknown, depth: number): void {
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return;
  const record = value as Record<string, unknown>;
  delete record['parameters'];
  // Postgres' error fields (node-postgres DatabaseError): `detail` names the offending values, and `where` a bound
  // parameter's value ("unnamed portal parameter $1 = '…'").
  if (typeof record['severity'] === 'string') {
    delete record['detail'];
    delete record['where'];
  }
  for (const nested of Object.values(record)) dropQueryValues(nested, depth + 1);
}
