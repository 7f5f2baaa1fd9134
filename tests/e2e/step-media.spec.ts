// Pictures and videos at assembly steps (issue 21, decision 046): an admin uploads a short WebM to a draft's step,
// sees a text file refused in words, captions the video and saves; once released, the video plays and seeks from the
// range endpoint (the server answers 206); the step editor works on a 360 px phone; axe finds nothing serious.
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { FILE_MESSAGES } from '#common/schemas/files.ts';
import { expectAccessible } from './support/axe.ts';
import { takeHelpScreenshot } from './support/help-screenshots.ts';
import { signUpCompany } from './support/session.ts';
import { visitorAddress } from './support/visitor.ts';

/**
 * A 2-second 160×120 VP8 WebM with cues (seekable; Debian's Chromium has no H.264), 13 KB, made with Debian's ffmpeg:
 * `ffmpeg -f lavfi -i testsrc=size=160x120:rate=10 -t 2 -c:v libvpx -b:v 40k -g 5 -an step-clip.webm`.
 */
const CLIP = 'tests/fixtures/step-clip.webm';

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(24) });
});

/** An assembly JIG with one component and one step "Drill", made through the API; its id. */
async function assemblyWithAStep(page: Page): Promise<string> {
  const item = async (partNumber: string, name: string) => {
    const response = await page.request.post('/api/v1/items', { data: { partNumber, name } });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()).id as string;
  };
  const top = await item('JIG', 'Drill jig');
  const bolt = await item('BOLT', 'Bolt');
  const made = await page.request.post('/api/v1/assemblies', { data: { itemId: top } });
  const assembly = await made.json();
  const saved = await page.request.put(`/api/v1/assembly-revisions/${assembly.draftRevisionId}`, {
    data: { lines: [{ componentItemId: bolt, quantity: '2' }], steps: [{ title: 'Drill' }] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return assembly.id;
}

/** Chooses `file` in step 1's "Add picture or video" file dialog. */
async function addToStep(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add picture or video to step 1' }).click();
  await (await chooser).setFiles(file);
}

test('an admin adds a video to a step; released, it plays and seeks from the range endpoint', async ({
  page,
}) => {
  await signUpCompany(page, 'media');
  const assemblyId = await assemblyWithAStep(page);
  // A video element asks for byte ranges (Chromium sends Range: bytes=0-, more as it seeks, and keeps what it got
  // for the page's life): note every answer the files endpoint gives the player.
  const ranged: number[] = [];
  page.on('response', (r) => {
    if (/\/api\/v1\/files\/[0-9a-f-]+$/.test(r.url())) ranged.push(r.status());
  });
  await page.goto(`/assembly-setup?id=${assemblyId}`);
  await page.getByRole('button', { name: 'Decline' }).click();
  const step = page.getByRole('group', { name: 'Step 1' });
  await expect(step.getByRole('textbox', { name: 'Step 1 title' })).toHaveValue('Drill');

  // A text file is refused by the server from its bytes, in its words, whatever its name says.
  await addToStep(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(step.getByRole('alert')).toContainText(`notes.txt: ${FILE_MESSAGES.unsupported}`);
  const refused = page.waitForResponse((r) => r.url().includes('/api/v1/files') && r.status() === 415);
  await addToStep(page, { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('still text') });
  await refused;
  await expect(step.getByRole('alert')).toContainText(`fake.png: ${FILE_MESSAGES.unsupported}`);
  // A picture over 10 MB whose name says nothing reaches the server, which refuses it from its first bytes while the
  // browser is still sending: the browser still shows the 413's words.
  const big = Buffer.alloc(11 * 1024 * 1024);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
  await addToStep(page, { name: 'scan', mimeType: '', buffer: big });
  await expect(step.getByRole('alert')).toContainText(`scan: ${FILE_MESSAGES.tooLarge('image')}`);

  const uploaded = page.waitForResponse((r) => r.url().includes('/api/v1/files?') && r.status() === 201);
  await addToStep(page, CLIP);
  await uploaded;
  await expect(step.getByText('step-clip.webm')).toBeVisible();
  await step.getByRole('textbox', { name: 'Caption' }).fill('Feed slowly through the plate');
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/v1/assembly-revisions/') && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Save draft' }).click();
  expect((await saved).status()).toBe(200);
  await expectAccessible(page, 'a draft step with a video');
  await takeHelpScreenshot(page, 'assembly-setup-step-media-1280');

  // On a phone the step's files and their buttons are there to reach.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole('button', { name: 'Move step-clip.webm up' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Remove step-clip.webm from step 1' })).toBeVisible();
  await expectAccessible(page, 'a draft step with a video on a phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Released, the revision shows the video with its caption; it plays and seeks through range requests.
  await page.getByRole('button', { name: 'Release revision 1…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Release revision 1', exact: true }).click();
  await expect(page.getByText('Released revisions are frozen')).toBeVisible();
  await expect(page.getByText('Feed slowly through the plate')).toBeVisible();
  const video = page.getByRole('figure').locator('video');
  await expect(video).toHaveAttribute('preload', 'metadata');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(1.5);
  const moved = await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
        v.currentTime = 1.5;
      }),
  );
  expect(moved).toBeGreaterThan(1);
  expect(ranged).toContain(206);
  await expectAccessible(page, 'a released step with its video');

  // The bytes served are the fixture's, byte for byte, and a seek's range gets only its bytes.
  const src = (await video.getAttribute('src')) as string;
  const clip = readFileSync(CLIP);
  const whole = await page.request.get(src);
  expect(Buffer.compare(await whole.body(), clip)).toBe(0);
  const part = await page.request.get(src, { headers: { range: 'bytes=4000-4999' } });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-range']).toBe(`bytes 4000-4999/${clip.length}`);
  expect(Buffer.compare(await part.body(), clip.subarray(4000, 5000))).toBe(0);
});
