/** `/v1/workspaces`: the workspaces the token reaches, which is exactly its own. */
import { type Handler, ok } from '../context.js';
import { workspaceView } from '../views.js';

/** GET /v1/workspaces: `{data: [workspace]}`. */
export const listWorkspaces: Handler = (req) => ok({ data: [workspaceView(req.auth.workspace)] });
