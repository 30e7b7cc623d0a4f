/**
 * Local files to upload: checked before any request (a missing, unreadable or folder path is a
 * UsageError, exit 2), then sent as multipart parts that stream from disk (`fs.openAsBlob`), so a
 * file is never held whole in memory.
 */
import { constants, openAsBlob } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { UsageError } from '../errors.js';
import { quote } from '../text/quote.js';
import { mediaTypeOf } from './media-types.js';

/** A file checked for upload. */
export interface UploadFile {
  path: string;
  /** the name the API is given: the path's last segment */
  name: string;
  /** the media type declared for it, by its extension */
  type: string;
  size: number;
}

/** Checks that `path` is a readable file; UsageError naming it otherwise. */
export async function checkUploadFile(path: string): Promise<UploadFile> {
  const found = await stat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' && path.includes('\uFFFD')) throw undecodedName(path);
    throw new UsageError(`cannot read ${quote(path)}: ${describe(error)}`);
  });
  if (!found.isFile()) throw new UsageError(`cannot upload ${quote(path)}: it is not a file`);
  await access(path, constants.R_OK).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${quote(path)}: ${describe(error)}`);
  });
  return { path, name: basename(path), type: mediaTypeOf(path), size: found.size };
}

/**
 * Node decodes the arguments as UTF-8: a name in another encoding (a Latin-1 file system) comes
 * with U+FFFD in place of its bytes, and no file has that name, though the one meant exists.
 */
function undecodedName(path: string): UsageError {
  return new UsageError(
    `cannot read ${quote(path)}: its name, as given, is not valid UTF-8 (the marks U+FFFD stand for bytes wfd cannot read from the arguments), so the file cannot be found by it`,
    {
      hint: 'rename the file to a UTF-8 name (convmv -f latin1 -t utf8, or mv with a glob), or copy it to one',
    },
  );
}

function describe(error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOENT') return 'no such file';
  if (error.code === 'EACCES' || error.code === 'EPERM') return 'permission denied';
  return error.message;
}

/** A multipart body of one `file` part per file, each streamed from disk when sent. */
export async function multipartOf(files: readonly UploadFile[]): Promise<FormData> {
  const form = new FormData();
  for (const file of files) form.append('file', await openAsBlob(file.path, { type: file.type }), file.name);
  return form;
}
