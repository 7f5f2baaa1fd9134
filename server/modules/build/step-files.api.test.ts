// Pictures and videos at assembly steps through the API: attached, captioned, reordered and detached on a draft; a
// kept step keeps its id and its files when the save does not name them; copied onto the draft made from a released
// revision; frozen once released (the service's 409 and the trigger); another company's file never attachable.
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInCompany } from '../../../tests/fixtures/companies.ts';
import { mp4Bytes, pngBytes } from '../../../tests/fixtures/media.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { assemblyStepFiles } from './build.tables.ts';

let t: TTestApp;
let a: { admin: string; user: string };
let b: { admin: string; user: string };
const file: Record<string, string> = {};
let part: string;
let assemblyId: string;
let draftId: string;

async function call(method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_APP_URL, cookie },
    ...(payload ? { payload } : {}),
  });
}
async function ok(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, status = 200) {
  const response = await call(method, url, a.admin, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}
async function uploaded(cookie: string, name: string, bytes: Buffer) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/files?name=${name}`,
    headers: { origin: TEST_APP_URL, cookie, 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}
const line = () => ({ componentItemId: part, quantity: '1' });

beforeAll(async () => {
  t = await createTestApp();
  a = await signInCompany(t, 'Step Pictures');
  b = await signInCompany(t, 'Other Steps');
  file.photo = await uploaded(a.admin, 'photo.png', pngBytes(3000));
  file.clip = await uploaded(a.admin, 'clip.mp4', mp4Bytes(4000));
  file.other = await uploaded(b.admin, 'theirs.png', pngBytes(500));
  part = (await ok('POST', '/api/v1/items', { partNumber: 'BOLT-1', name: 'Bolt' }, 201)).id;
  const top = (await ok('POST', '/api/v1/items', { partNumber: 'JIG-1', name: 'Jig' }, 201)).id;
  const made = await ok('POST', '/api/v1/assemblies', { itemId: top }, 201);
  assemblyId = made.id;
  draftId = made.draftRevisionId;
}, 120_000); // sign-ins and uploads on a 2-core machine shared with other runs
afterAll(async () => {
  await t?.close();
});

describe('a draft step', () => {
  it('shows its pictures and videos in order, with captions and where to fetch them', async () => {
    const saved = await ok('PUT', `/api/v1/assembly-revisions/${draftId}`, {
      lines: [line()],
      steps: [
        {
          title: 'Drill',
          files: [
            { fileId: file.clip, caption: 'Watch the feed rate' },
            { fileId: file.photo, caption: '' },
          ],
        },
        { title: 'Deburr' },
      ],
    });
    expect(saved.steps[0].files).toEqual([
      {
        id: file.clip,
        name: 'clip.mp4',
        contentType: 'video/mp4',
        sizeBytes: 4000,
        caption: 'Watch the feed rate',
        url: `/api/v1/files/${file.clip}`,
      },
      {
        id: file.photo,
        name: 'photo.png',
        contentType: 'image/png',
        sizeBytes: 3000,
        caption: '',
        url: `/api/v1/files/${file.photo}`,
      },
    ]);
    expect(saved.steps[1].files).toEqual([]);
    // An operator reads the revision and its files.
    const asUser = await call('GET', `/api/v1/assembly-revisions/${draftId}`, a.user);
    expect(asUser.json().steps[0].files).toHaveLength(2);
    expect((await call('GET', saved.steps[0].files[0].url, a.user)).statusCode).toBe(200);
  });

  it('keeps a step in place, with its files, when the save moves it and does not name them', async () => {
    const before = await ok('GET', `/api/v1/assembly-revisions/${draftId}`);
    const [drill, deburr] = before.steps;
    const saved = await ok('PUT', `/api/v1/assembly-revisions/${draftId}`, {
      lines: [line()],
      steps: [
        { id: deburr.id, title: 'Deburr' },
        { id: drill.id, title: 'Drill to depth' },
      ],
    });
    expect(saved.steps.map((s: { id: string }) => s.id)).toEqual([deburr.id, drill.id]);
    expect(saved.steps[1]).toMatchObject({ title: 'Drill to depth', files: drill.files });
  });

  it('reorders, recaptions and detaches files, and drops the links of a step left out', async () => {
    const before = await ok('GET', `/api/v1/assembly-revisions/${draftId}`);
    const drill = before.steps[1];
    const saved = await ok('PUT', `/api/v1/assembly-revisions/${draftId}`, {
      lines: [line()],
      steps: [{ id: drill.id, title: 'Drill', files: [{ fileId: file.photo, caption: 'Finished hole' }] }],
    });
    expect(saved.steps).toHaveLength(1);
    expect(saved.steps[0].files.map((f: { id: string; caption: string }) => [f.id, f.caption])).toEqual([
      [file.photo, 'Finished hole'],
    ]);
    const links = await t.database.db.select().from(assemblyStepFiles);
    expect(links.filter((l) => l.revisionId === draftId)).toHaveLength(1);
    const trail = await ok('GET', '/api/v1/audit?entityType=assembly&pageSize=1');
    expect(trail.items[0].after.pictures).toEqual(['step 1: photo.png (Finished hole)']);
    expect(trail.items[0].before.pictures).toEqual([
      'step 2: clip.mp4 (Watch the feed rate)',
      'step 2: photo.png',
    ]);
  });

  it("refuses another company's file, naming the field, and changes nothing", async () => {
    const before = await ok('GET', `/api/v1/assembly-revisions/${draftId}`);
    const response = await call('PUT', `/api/v1/assembly-revisions/${draftId}`, a.admin, {
      lines: [line()],
      steps: [{ id: before.steps[0].id, title: 'Drill', files: [{ fileId: file.other }] }],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.fieldErrors).toEqual({
      'steps.0.files.0.fileId': 'No such picture or video in your company.',
    });
    expect(await ok('GET', `/api/v1/assembly-revisions/${draftId}`)).toEqual(before);
  });
});

describe('a released revision', () => {
  it('cannot change its step files: 409 from the service, and the trigger refuses a direct write', async () => {
    const released = await ok('POST', `/api/v1/assembly-revisions/${draftId}/release`);
    const response = await call('PUT', `/api/v1/assembly-revisions/${draftId}`, a.admin, {
      lines: [line()],
      steps: [{ id: released.steps[0].id, title: 'Drill', files: [] }],
    });
    expect(response.statusCode).toBe(409);
    const companyId = (await call('GET', '/api/v1/session', a.admin)).json().user.companyId;
    const direct = t.database.db.insert(assemblyStepFiles).values({
      id: uuidv7(),
      companyId,
      revisionId: draftId,
      stepId: released.steps[0].id,
      fileId: file.clip as string,
      position: 2,
    });
    await expect(direct).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`delete from assembly_step_files where revision_id = ${draftId}`),
    ).rejects.toThrow();
    expect((await ok('GET', `/api/v1/assembly-revisions/${draftId}`)).steps[0].files).toHaveLength(1);
  });

  it('gives its files, same files and captions, to the draft Edit makes, on the copied steps', async () => {
    const released = await ok('GET', `/api/v1/assembly-revisions/${draftId}`);
    const draft = await ok('POST', `/api/v1/assemblies/${assemblyId}/draft`, undefined, 201);
    expect(draft.steps[0].id).not.toBe(released.steps[0].id);
    expect(draft.steps[0].files).toEqual(released.steps[0].files);
    // Changing the new draft's files leaves the released revision's as they were.
    await ok('PUT', `/api/v1/assembly-revisions/${draft.id}`, {
      lines: [line()],
      steps: [{ id: draft.steps[0].id, title: 'Drill', files: [] }],
    });
    expect((await ok('GET', `/api/v1/assembly-revisions/${draftId}`)).steps[0].files).toHaveLength(1);
  });
});
