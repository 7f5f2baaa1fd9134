// Uploading a picture or a video (decision 046): the body is streamed to a temporary file while its type is sniffed
// from its first bytes, its size counted against the type's limit and its SHA-256 taken; only a file that passes is
// written to the database, in one short transaction of 256 KiB chunks, so PGlite's one connection is never held
// while a slow phone sends 200 MB, and the server never holds a whole video in memory.
import { createHash } from 'node:crypto';
import { type FileHandle, open, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { AppError } from '#common/errors.ts';
import {
  FILE_CHUNK_SIZE,
  FILE_LIMITS,
  FILE_MESSAGES,
  kindOf,
  type TFile,
  type TFileKind,
  type TFileType,
  type TFileUploadQuery,
} from '#common/schemas/files.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import * as repo from './files.repo.ts';
import { fileOf } from './files.service.ts';
import { SNIFF_BYTES, sniffFileType } from './sniff.ts';

/** Chunks per insert statement: 1 MiB a round trip keeps the statement small and the count of trips low. */
const CHUNKS_PER_INSERT = 4;

const tooLarge = (type: TFileType | null) =>
  new AppError('PAYLOAD_TOO_LARGE', FILE_MESSAGES.tooLarge(type ? kindOf(type) : 'video'));
const unsupported = (message: string = FILE_MESSAGES.unsupported) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', message, { file: message });

interface TSpooled {
  path: string;
  type: TFileType;
  size: number;
  sha256: string;
}

/** What an upload route takes: pictures and videos (the files route), or pictures alone (a breakdown's photo). */
export interface TUploadAccepts {
  kinds: readonly TFileKind[];
  /** The 415's words when the bytes are a kind the route does not take. */
  otherKind: string;
}
const ANY_KIND: TUploadAccepts = { kinds: ['image', 'video'], otherKind: FILE_MESSAGES.unsupported };

/**
 * Streams `body` into a temporary file, refusing (and keeping nothing of) a body whose first bytes are no type we
 * take (415) or that grows past its type's limit (413) — at once when the declared length already says so.
 */
async function spool(
  body: AsyncIterable<Buffer>,
  declaredLength: number | undefined,
  accepts: TUploadAccepts,
): Promise<TSpooled> {
  const picturesOnly = !accepts.kinds.includes('video');
  const largest = picturesOnly ? FILE_LIMITS.image : FILE_LIMITS.video;
  if (declaredLength !== undefined && declaredLength > largest)
    throw tooLarge(picturesOnly ? 'image/png' : null);
  const path = join(tmpdir(), `forgeboard-upload-${uuidv7()}`);
  const handle: FileHandle = await open(path, 'wx', 0o600);
  const hash = createHash('sha256');
  let head: Buffer[] = [];
  let headLength = 0;
  let type: TFileType | null = null;
  let size = 0;
  const decide = (): TFileType => {
    const sniffed = sniffFileType(Buffer.concat(head));
    if (!sniffed) throw unsupported(size === 0 ? FILE_MESSAGES.empty : undefined);
    if (!accepts.kinds.includes(kindOf(sniffed))) throw unsupported(accepts.otherKind);
    if (declaredLength !== undefined && declaredLength > FILE_LIMITS[kindOf(sniffed)])
      throw tooLarge(sniffed);
    return sniffed;
  };
  try {
    for await (const chunk of body) {
      size += chunk.length;
      if (type && size > FILE_LIMITS[kindOf(type)]) throw tooLarge(type);
      if (size > largest) throw tooLarge(picturesOnly ? 'image/png' : null);
      hash.update(chunk);
      await handle.write(chunk);
      if (!type) {
        head.push(chunk);
        headLength += chunk.length;
        if (headLength >= SNIFF_BYTES) {
          type = decide();
          head = [];
          if (size > FILE_LIMITS[kindOf(type)]) throw tooLarge(type);
        }
      }
    }
    type ??= decide();
    return { path, type, size, sha256: hash.digest('hex') };
  } catch (error) {
    await unlink(path).catch(() => undefined);
    throw error;
  } finally {
    await handle.close();
  }
}

/** POST /api/v1/files: stores the body as a file of the company under `name`; its type comes from its bytes. */
export async function uploadFile(
  tenant: TTenant,
  query: TFileUploadQuery,
  body: AsyncIterable<Buffer>,
  declaredLength: number | undefined,
  accepts: TUploadAccepts = ANY_KIND,
): Promise<TFile> {
  const spooled = await spool(body, declaredLength, accepts);
  const handle = await open(spooled.path, 'r');
  try {
    return await tenant.run(async (tx) => {
      const row = await repo.insertFile(tx, {
        id: uuidv7(),
        companyId: tenant.companyId,
        name: query.name,
        contentType: spooled.type,
        sizeBytes: spooled.size,
        sha256: spooled.sha256,
        chunkSize: FILE_CHUNK_SIZE,
        createdBy: tenant.actor.name,
      });
      const count = Math.ceil(spooled.size / FILE_CHUNK_SIZE);
      for (let seq = 0; seq < count; seq += CHUNKS_PER_INSERT) {
        const rows = [];
        for (let s = seq; s < Math.min(count, seq + CHUNKS_PER_INSERT); s++) {
          const data = Buffer.alloc(Math.min(FILE_CHUNK_SIZE, spooled.size - s * FILE_CHUNK_SIZE));
          await handle.read(data, 0, data.length, s * FILE_CHUNK_SIZE);
          rows.push({ companyId: tenant.companyId, fileId: row.id, seq: s, data });
        }
        await repo.insertChunks(tx, rows);
      }
      await recordAudit(tx, tenant.companyId, tenant.actor, {
        entityType: 'file',
        entityId: row.id,
        entityLabel: row.name,
        action: 'uploaded',
        after: { name: row.name, contentType: row.contentType, size: row.sizeBytes },
      });
      return fileOf(row);
    });
  } finally {
    await handle.close();
    await unlink(spooled.path).catch(() => undefined);
  }
}
