/**
 * POST /v1/attachments, in an encapsulated context inside /v1 (so the auth and
 * rate-limit guards apply): the one route that parses multipart bodies, and
 * whose JSON bodies may be as large as a file at the limit in base64.
 */
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestContext, Services } from '../context.js';
import { SandboxError, standardError } from '../errors.js';
import { toSandboxError } from '../fastify-errors.js';
import { sendReply } from '../send-reply.js';
import { type IncomingPart, jsonFiles, MAX_FILES, multipartFiles, storeUploads } from './upload.js';

export interface UploadRouteOptions {
  readonly services: Services;
  /** The size limit of the files of one request together, in bytes. */
  readonly maxUploadBytes: number;
  /** The handler context of a request that passed the /v1 guards. */
  readonly contextOf: (req: FastifyRequest) => RequestContext;
}

// The JSON names and syntax around the base64 of one file.
const JSON_OVERHEAD = 64 * 1024;
const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** Registers POST /attachments in a child context of `v1`. */
export function registerUploadRoute(v1: FastifyInstance, options: UploadRouteOptions): void {
  const { services, maxUploadBytes, contextOf } = options;
  v1.register(async (uploads) => {
    await uploads.register(multipart, {
      // Filenames as sent, path separators included: what is safe on a disk is the client's call.
      preservePath: true,
      // upload.ts counts the bytes and refuses; busboy's own limits sit just above it.
      throwFileSizeLimit: false,
      limits: { fileSize: maxUploadBytes + 1, files: MAX_FILES + 1, fields: 1 },
    });
    uploads.setErrorHandler(async (error: FastifyError, req, reply) => {
      // Refused before the body was read to its end (a file over the limit): the rest is read and
      // dropped, so the client can finish sending, read the answer and keep its connection. Unpiped
      // first: busboy would otherwise hold the request paused.
      if (!req.raw.complete) req.raw.unpipe().resume();
      const mapped = toSandboxError(
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? standardError(400, 'Unsupported Content-Type; send application/json or multipart/form-data')
          : error,
      );
      return reply.code(mapped.status).headers(mapped.headers).send(mapped.body);
    });
    const bodyLimit = Math.max(DEFAULT_BODY_LIMIT, Math.ceil(maxUploadBytes / 3) * 4 + JSON_OVERHEAD);
    const receive = () => services.attachments.receive();
    uploads.post('/attachments', { bodyLimit }, async (req, reply) => {
      const context = contextOf(req);
      const { files, several } = req.isMultipart()
        ? { files: await multipartFiles(partsOf(req), maxUploadBytes, receive), several: true }
        : await jsonFiles(req.body, maxUploadBytes, receive);
      return sendReply(reply, storeUploads(context, services, files, several), services.webhooks);
    });
  });
}

/** The parts of a multipart request as they arrive; a body busboy cannot parse is a 400. */
async function* partsOf(req: FastifyRequest): AsyncIterable<IncomingPart> {
  try {
    for await (const part of req.parts()) {
      yield part.type === 'file'
        ? { filename: part.filename, contentType: part.mimetype, content: chunksOf(part.file) }
        : { field: part.fieldname };
    }
  } catch (error) {
    throw multipartError(error);
  }
}

async function* chunksOf(file: AsyncIterable<Buffer>): AsyncIterable<Buffer> {
  try {
    yield* file;
  } catch (error) {
    throw multipartError(error);
  }
}

// Errors with a status (the plugin's limits and premature close) keep it; busboy's parse errors have none.
function multipartError(error: unknown): unknown {
  if (error instanceof SandboxError || (error as FastifyError).statusCode !== undefined) return error;
  return standardError(400, `Malformed multipart body: ${(error as Error).message}`);
}
