/**
 * The OAuth scopes wfd asks for, apart from authorization.ts so that what only names them (the
 * login command a hint prints, on every API command) does not load node:crypto with it.
 */
export const OFFLINE_ACCESS = 'offline_access';
export const DEFAULT_SCOPE = OFFLINE_ACCESS;
