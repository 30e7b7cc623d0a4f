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

/**
 * A 404 from a list or count endpoint: those always exist in the API, so the base URL points
 * somewhere else (a web application's address, a path too many). Names the URL and asks whether
 * its base is the API's root.
 */
export function explainWrongRoot(error: unknown, url: string): unknown {
  if (!(error instanceof ApiError) || error.status !== 404) return error;
  const root = url.replace(/\/v1\/.*$/, '');
  return new ApiError(`GET ${url} answered HTTP 404: that is not the API's list`, {
    status: 404,
    hint: `is ${root} the API's root? The base URL is the host root without /v1 (--base-url, WFD_BASE_URL or the profile)`,
  });
}
