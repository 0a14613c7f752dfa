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

/** The parameters an `invalid_parameter` refusal names, with their reasons; anything else (or no refusal) fails the test. */
export function invalidParamsOf(call: () => unknown): { name: string; reason: string }[] {
  try {
    call();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'invalid_parameter') return error.extras.invalidParams ?? [];
    throw error;
  }
  throw new Error('expected invalid_parameter');
}

/** `code: message` of the DomainError a call rejects with, or 'accepted' when it does not reject; any other error is rethrown. */
export async function domainErrorText(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (error instanceof DomainError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'accepted';
}
