/** The HTTP methods `wfd api` sends: its check and its completion read this one list. */
export const METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
