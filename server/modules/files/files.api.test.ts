// Uploading and serving files through the API: byte-exact round trips, range requests across chunk boundaries (a
// video seeking on a phone), the type from the bytes not the name, refusals (415 naming the field, 413 with the
// limit in words) that store nothing, admins only uploading, and another company's file a 404.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_CHUNK_SIZE } from '#common/schemas/files.ts';
import { signInCompany } from '../../../tests/fixtures/companies.ts';
import { mp4Bytes, pngBytes } from '../../../tests/fixtures/media.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { fileChunks, files } from './files.tables.ts';

let t: TTestApp;
let a: { admin: string; user: string };
let b: { admin: string; user: string };
const picture = pngBytes(FILE_CHUNK_SIZE * 2 + 1000); // three chunks, the last short
let pictureId: string;

function upload(cookie: string, name: string, payload: Buffer, contentType = 'application/octet-stream') {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/files?name=${encodeURIComponent(name)}`,
    headers: { origin: TEST_APP_URL, cookie, 'content-type': contentType },
    payload,
  });
}

function read(cookie: string, id: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `/api/v1/files/${id}`, headers: { cookie, ...headers } });
}

async function storedCount() {
  return (await t.database.db.select({ id: files.id }).from(files)).length;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await signInCompany(t, 'Film Works');
  b = await signInCompany(t, 'Other Films');
  // A PNG named .mp4 and sent as video/mp4: stored as what its bytes are.
  const response = await upload(a.admin, 'drill-press.mp4', picture, 'video/mp4');
  expect(response.statusCode, response.body).toBe(201);
  pictureId = response.json().id;
}, 120_000); // sign-ins and uploads on a 2-core machine shared with other runs
afterAll(async () => {
  await t?.close();
});

describe('uploading', () => {
  it('stores a PNG renamed .mp4 as a PNG, under its name, with its size', async () => {
    const got = await read(a.user, pictureId);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    const [row] = await t.database.db.select().from(files).where(eq(files.id, pictureId));
    expect(row).toMatchObject({
      name: 'drill-press.mp4',
      contentType: 'image/png',
      sizeBytes: picture.length,
    });
    const chunks = await t.database.db.select().from(fileChunks).where(eq(fileChunks.fileId, pictureId));
    expect(chunks.map((c) => c.data.length).sort((x, y) => y - x)).toEqual([
      FILE_CHUNK_SIZE,
      FILE_CHUNK_SIZE,
      1000,
    ]);

    const trail = await t.app.inject({
      method: 'GET',
      url: '/api/v1/audit?entityType=file',
      headers: { cookie: a.admin },
    });
    expect(trail.json().items.find((e: { entityId: string }) => e.entityId === pictureId)).toMatchObject({
      action: 'uploaded',
      entityLabel: 'drill-press.mp4',
      after: { name: 'drill-press.mp4', contentType: 'image/png', size: picture.length },
    });
  });

  it('takes a video whatever Content-Type the client says', async () => {
    const response = await upload(a.admin, 'clip.bin', mp4Bytes(5000), 'text/plain');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ name: 'clip.bin', contentType: 'video/mp4', sizeBytes: 5000 });
  });

  it('refuses a text file with 415 naming the file, and stores nothing', async () => {
    const before = await storedCount();
    const response = await upload(
      a.admin,
      'notes.png',
      Buffer.from('These are not the pixels you are looking for.'),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(response.json().error.fieldErrors.file).toMatch(/PNG, JPEG, GIF or WebP picture/);
    expect(await storedCount()).toBe(before);
  });

  it('refuses a picture over 10 MB with 413 saying the limit, and stores nothing', async () => {
    const before = await storedCount();
    const response = await upload(a.admin, 'huge.png', pngBytes(10 * 1024 * 1024 + 1));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toMatch(/larger than 10 MB/);
    expect(await storedCount()).toBe(before);
  });

  it('refuses a body longer than a video may be from its declared length, before reading it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files?name=long.mp4',
      headers: { origin: TEST_APP_URL, cookie: a.admin, 'content-length': String(201 * 1024 * 1024) },
      payload: mp4Bytes(1000),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toMatch(/larger than 200 MB/);
  });

  it('answers a real client over a socket with the 413 while it is still sending, and the server stays up', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const before = await storedCount();
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/files?name=big.png`, {
      method: 'POST',
      headers: { origin: TEST_APP_URL, cookie: a.admin, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(pngBytes(12 * 1024 * 1024)),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).error.message).toMatch(/larger than 10 MB/);
    const next = await fetch(`http://127.0.0.1:${port}/api/v1/files/${pictureId}`, {
      headers: { cookie: a.user, range: 'bytes=0-7' },
    });
    expect(next.status).toBe(206);
    expect(Buffer.from(await next.arrayBuffer()).equals(picture.subarray(0, 8))).toBe(true);
    expect(await storedCount()).toBe(before);
  });

  it('refuses an empty name and a plain user', async () => {
    const noName = await upload(a.admin, ' ', pngBytes(100));
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.fieldErrors).toEqual({ name: 'Name is required' });
    expect((await upload(a.user, 'x.png', pngBytes(100))).statusCode).toBe(403);
  });
});

describe('serving', () => {
  it('answers the whole file byte for byte, with its length, ETag and private caching', async () => {
    const got = await read(a.user, pictureId);
    expect(got.rawPayload.equals(picture)).toBe(true);
    expect(got.headers['content-length']).toBe(String(picture.length));
    expect(got.headers['accept-ranges']).toBe('bytes');
    expect(got.headers.etag).toBe(`"${createHash('sha256').update(picture).digest('hex')}"`);
    expect(got.headers['cache-control']).toMatch(/^private/);
    expect(got.headers['content-disposition']).toBe("inline; filename*=UTF-8''drill-press.mp4");
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    const again = await read(a.user, pictureId, { 'if-none-match': String(got.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    ['the first bytes', 'bytes=0-15', 0, 15],
    [
      'a middle across a chunk boundary',
      `bytes=${FILE_CHUNK_SIZE - 10}-${FILE_CHUNK_SIZE + 9}`,
      FILE_CHUNK_SIZE - 10,
      FILE_CHUNK_SIZE + 9,
    ],
    ['a suffix', 'bytes=-100', picture.length - 100, picture.length - 1],
    ['an open end', `bytes=${FILE_CHUNK_SIZE * 2 + 5}-`, FILE_CHUNK_SIZE * 2 + 5, picture.length - 1],
  ])('answers %s with 206 and only those bytes', async (_, header, start, end) => {
    const got = await read(a.user, pictureId, { range: header });
    expect(got.statusCode).toBe(206);
    expect(got.headers['content-range']).toBe(`bytes ${start}-${end}/${picture.length}`);
    expect(got.headers['content-length']).toBe(String(end - start + 1));
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(picture.subarray(start, end + 1))).toBe(true);
  });

  it('answers HEAD with the length and type, without the bytes', async () => {
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/v1/files/${pictureId}`,
      headers: { cookie: a.user },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(picture.length));
    expect(head.headers['content-type']).toBe('image/png');
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers a range past the end with 416 and the size', async () => {
    const got = await read(a.user, pictureId, { range: `bytes=${picture.length}-` });
    expect(got.statusCode).toBe(416);
    expect(got.headers['content-range']).toBe(`bytes */${picture.length}`);
    expect(got.json().error.code).toBe('RANGE_NOT_SATISFIABLE');
  });

  it("answers another company's file with 404, to its admin and its user", async () => {
    for (const cookie of [b.admin, b.user]) {
      const got = await read(cookie, pictureId, { range: 'bytes=0-15' });
      expect(got.statusCode).toBe(404);
      expect(got.json().error.message).toBe('No such file in your company.');
    }
  });

  it('answers a signed-out request with 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/files/${pictureId}` })).statusCode).toBe(401);
  });
});
