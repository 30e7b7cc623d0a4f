/**
 * The modes of what wfd saves (downloads, exports, their manifests), whatever the umask: others
 * may read, never write, as `git` and `curl -O` leave files under the common umask 022. The
 * umask can only take more away. (The config is stricter: 0600 in a 0700 folder.)
 */
export const FILE_MODE = 0o644;
export const FOLDER_MODE = 0o755;
