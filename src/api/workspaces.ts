import type { ApiClient } from '../core/http.js';
import { WorkspaceList } from './schemas.js';

/** GET /v1/workspaces: the workspaces the token reaches (one, for a personal token). */
export async function listWorkspaces(client: ApiClient) {
  const { data } = await client.request({ method: 'GET', path: '/workspaces', schema: WorkspaceList });
  return data;
}
