import { ApiError } from '../../core/errors.js';

/** Re-words a 404 for the thing the user asked for, with a hint on how to find valid ids. */
export async function explainNotFound<T>(promise: Promise<T>, what: string, hint: string): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw new ApiError(`${what} not found`, { status: 404, hint });
    }
    throw error;
  }
}
