import type { ApiRequest } from '../core/http/request.js';
import { type Workspace, WorkspaceList } from './schemas.js';

/** GET /v1/workspaces: the workspaces the token reaches (one, for a personal token). */
export function listWorkspaces(): ApiRequest<{ data: Workspace[] }> {
  return { method: 'GET', path: '/workspaces', schema: WorkspaceList };
}
