/**
 * Whether a failed query broke the named unique index (PostgreSQL `unique_violation`, 23505). A check-then-insert
 * cannot see a concurrent transaction's uncommitted row; the index can, so its error is the real answer to a race.
 * TypeORM wraps the driver's error (`driverError`); the shape is read structurally so this lib needs no runtime
 * dependency on TypeORM.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const driverError = (error as { driverError?: unknown }).driverError ?? error;
  if (typeof driverError !== 'object' || driverError === null) return false;
  const { code, constraint: violated } = driverError as { code?: unknown; constraint?: unknown };
  return code === '23505' && violated === constraint;
}
