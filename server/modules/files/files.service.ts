// Reading stored files (decision 046): a file's description, and its bytes from any offset, read a few chunks per
// short transaction so that a 200 MB video streams to a phone without holding the database or the memory for it.
import { AppError } from '#common/errors.ts';
import { FILE_MESSAGES, fileUrl, type TFile, type TFileType } from '#common/schemas/files.ts';
import type { TTenant } from '../../db/tenant.ts';
import * as repo from './files.repo.ts';
import { chunksOf, type TByteRange } from './range.ts';

/** Chunks read per transaction while streaming: 1 MiB at a time. */
const CHUNKS_PER_READ = 4;

/** A stored file as the API answers it. */
export function fileOf(row: repo.TFileRow): TFile {
  return {
    id: row.id,
    name: row.name,
    contentType: row.contentType as TFileType,
    sizeBytes: row.sizeBytes,
    url: fileUrl(row.id),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The company's file `id` (404 for another company's, as for one that does not exist). */
export async function findFile(tenant: TTenant, id: string): Promise<repo.TFileRow> {
  const row = await tenant.run((tx) => repo.findFile(tx, tenant.companyId, id));
  if (!row) throw new AppError('NOT_FOUND', FILE_MESSAGES.notFound);
  return row;
}

/** Bytes `range.start`..`range.end` of `file`, reading only the chunks they fall in, a few per transaction. */
export async function* readRange(
  tenant: TTenant,
  file: repo.TFileRow,
  range: TByteRange,
): AsyncGenerator<Buffer> {
  const { first, last } = chunksOf(range, file.chunkSize);
  for (let seq = first; seq <= last; seq += CHUNKS_PER_READ) {
    const upTo = Math.min(last, seq + CHUNKS_PER_READ - 1);
    const chunks = await tenant.run((tx) => repo.chunksBetween(tx, tenant.companyId, file.id, seq, upTo));
    for (const [i, data] of chunks.entries()) {
      const offset = (seq + i) * file.chunkSize;
      const from = Math.max(0, range.start - offset);
      const to = Math.min(data.length, range.end - offset + 1);
      yield data.subarray(from, to);
    }
  }
}
