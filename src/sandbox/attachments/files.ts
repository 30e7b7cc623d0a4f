/**
 * The bytes behind attachment records, whatever their source: uploads come
 * from the blob store; seeded files and those the trigger hook adds are made
 * from (seed, id) on every read, and never before one. Uploads enter here too,
 * so every write of bytes and records goes through one place.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AttachmentRecord } from '../forms/records.js';
import type { FormStore } from '../forms/store.js';
import { createRng, hashString } from '../random.js';
import type { WorkspaceRecord } from '../store.js';
import type { BlobStore, BlobWriter } from './blobs.js';
import { binaryStream } from './generate/binary.js';
import { generatedDocument } from './generate/document.js';
import { generatedPdf } from './generate/pdf.js';
import { generatedPng } from './generate/png.js';
import { generatedText } from './generate/text.js';

/** A file received in an upload, checked and complete. */
export interface UploadedFile {
  readonly filename: string;
  readonly contentType: string;
  readonly size: number;
  /** Hex SHA-256 of the bytes. */
  readonly sha256: string;
  /** Where its bytes were written as they came. */
  readonly blob: BlobWriter;
}

/** What the sandbox holds and has made, for the test hook. */
export interface FileStats {
  readonly uploads: { count: number; bytes: number };
  /** Generated files: each read of one counts, with the bytes it made. */
  readonly generated: { files: number; bytes: number };
}

export class AttachmentFiles {
  readonly #forms: FormStore;
  readonly #blobs: BlobStore;
  readonly #seed: number;
  #generatedFiles = 0;
  #generatedBytes = 0;

  constructor(forms: FormStore, blobs: BlobStore, seed: number) {
    this.#forms = forms;
    this.#blobs = blobs;
    this.#seed = seed;
  }

  /** Takes the bytes of one upload as they arrive; `add` keeps them. */
  receive(): BlobWriter {
    return this.#blobs.receive();
  }

  /** Stores uploaded files, bytes first, as attachments of no response; returns their records in order. */
  add(
    workspace: WorkspaceRecord,
    files: readonly UploadedFile[],
    at: number,
    newId: () => string,
  ): AttachmentRecord[] {
    return files.map((file) => {
      const id = newId();
      file.blob.keep(id);
      const record: AttachmentRecord = {
        id,
        workspace,
        response: null,
        filename: file.filename,
        contentType: file.contentType,
        size: file.size,
        createdAt: at,
        source: 'upload',
        sha256: file.sha256,
      };
      this.#forms.insertAttachment(record);
      return record;
    });
  }

  /**
   * Whether `read` may be used: every file but the large generated ones, which
   * are only ever streamed.
   */
  canReadWhole(record: AttachmentRecord): boolean {
    return record.source !== 'binary';
  }

  /**
   * The whole content of a file that `canReadWhole`.
   * @throws Error for a large generated file
   */
  async read(record: AttachmentRecord): Promise<Buffer> {
    const { source } = record;
    if (source === 'upload') return this.#blob(record);
    if (source === 'binary') throw new Error(`Attachment ${record.id} is too large to read whole`);
    const rng = createRng(hashString(this.#key(record)));
    const bytes =
      source === 'pdf'
        ? asBuffer(await generatedPdf(generatedDocument(rng), record.size, new Date(record.createdAt)))
        : source === 'png'
          ? generatedPng(rng, record.size)
          : generatedText(generatedDocument(rng), record.size);
    this.#generatedFiles++;
    this.#generatedBytes += bytes.length;
    return bytes;
  }

  /** Bytes `start` to `end` (inclusive; `end` < `start` for none) as a stream. */
  open(record: AttachmentRecord, start: number, end: number): Readable {
    if (record.source === 'binary') {
      let first = true;
      return binaryStream(this.#key(record), start, end, (bytes) => {
        if (first) this.#generatedFiles++;
        first = false;
        this.#generatedBytes += bytes;
      });
    }
    const read = () => this.read(record);
    return Readable.from(
      (async function* () {
        if (end >= start) yield (await read()).subarray(start, end + 1);
      })(),
    );
  }

  /** A strong validator of the bytes: their hash for uploads, else one of what they are made from. */
  etag(record: AttachmentRecord): string {
    const hash =
      record.sha256 ??
      createHash('sha256')
        .update(`${this.#key(record)}/${record.size}`)
        .digest('hex');
    return `"${hash.slice(0, 32)}"`;
  }

  stats(): FileStats {
    return {
      uploads: this.#blobs.stats(),
      generated: { files: this.#generatedFiles, bytes: this.#generatedBytes },
    };
  }

  #blob(record: AttachmentRecord): Buffer {
    const bytes = this.#blobs.get(record.id);
    if (!bytes) throw new Error(`No bytes stored for attachment ${record.id}`);
    return bytes;
  }

  // What a generated file's bytes depend on: nothing else about the record but its kind and size.
  #key(record: AttachmentRecord): string {
    return `${this.#seed}/${record.id}`;
  }
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
