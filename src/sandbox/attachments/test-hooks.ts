/**
 * Test hook of attachments, outside `/v1` (no token):
 *
 *   GET /_sandbox/attachments  {uploads: {count, bytes}, generated: {files, bytes}}
 *
 * `generated` counts the reads of seeded and trigger-made files and the bytes
 * they made: zero until something reads one, however many are seeded.
 */
import type { FastifyInstance } from 'fastify';
import type { AttachmentFiles } from './files.js';

export function registerAttachmentTestHooks(app: FastifyInstance, files: AttachmentFiles): void {
  app.get('/_sandbox/attachments', async () => files.stats());
}
