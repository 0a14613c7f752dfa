import { DomainError } from '@cs/domain';

/** The code of the DomainError a call rejects with, or 'resolved' when it does not reject; any other error is rethrown. */
export async function domainErrorCode(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return 'resolved';
}
