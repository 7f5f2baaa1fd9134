// QC Instructions as a keyboard or scanner user and a quality engineer meet it: after each Record the keyboard is on
// the next check still to record (the next unit's first once a unit is done, Finish once all are) and a status line
// says what was recorded — never back on the page's body; a failure's note and photo are shown with the inspection,
// the photo a thumbnail that opens full size.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TInspection, TInspectionCheck, TInspectionResult } from '#common/schemas/inspections.ts';
import { CompanyClockProvider } from '../../lib/company-clock.tsx';
import { inspectionKeys } from './api.ts';
import { InspectionRunner } from './inspection-runner.tsx';

const check = (id: string, name: string): TInspectionCheck => ({
  id,
  position: id === 'c-1' ? 1 : 2,
  kind: 'pass_fail',
  name,
  instructions: '',
  critical: false,
  photoOnFail: false,
  nominal: null,
  lowerLimit: null,
  upperLimit: null,
  unit: '',
  readingsPerUnit: 1,
  choices: [],
  acceptedChoices: [],
  referenceFileId: null,
});

const result = (
  checkId: string,
  unitNo: number,
  passed: boolean,
  extra: Partial<TInspectionResult> = {},
) => ({
  id: `r-${checkId}-${unitNo}`,
  checkId,
  unitNo,
  readingNo: 1,
  passed,
  value: null,
  choice: null,
  defectCodeId: passed ? null : 'd-1',
  defectCode: passed ? null : 'BUR — Burr',
  note: '',
  photoFileId: null,
  confirmed: false,
  recordedBy: 'Ines Inspector',
  recordedAt: '2026-11-30T10:00:00.000Z',
  ...extra,
});

function inspectionOf(results: TInspectionResult[], status: TInspection['status'] = 'open'): TInspection {
  return {
    id: 'i-1',
    number: 7,
    label: 'QI-000007',
    stage: 'receipt',
    status,
    planId: 'p-1',
    planName: 'Incoming brackets',
    itemId: 'it-1',
    partNumber: 'BRK-1',
    itemName: 'Bracket',
    lotId: 'l-1',
    lotNumber: 'L-1',
    workOrderId: null,
    workOrderNumber: null,
    stepId: null,
    stepTitle: null,
    sampleSize: 2,
    startedBy: 'Ines Inspector',
    startedAt: '2026-11-30T09:00:00.000Z',
    finishedAt: status === 'open' ? null : '2026-11-30T10:05:00.000Z',
    progress: {
      recorded: results.length,
      required: 4,
      defectiveUnits: new Set(results.filter((r) => !r.passed).map((r) => r.unitNo)).size,
      criticalFailed: false,
    },
    planVersionId: 'v-1',
    versionNumber: 1,
    sampling: 'fixed',
    inspectionLevel: null,
    aql: null,
    machineId: null,
    machineName: null,
    supplierId: null,
    supplierName: null,
    lotSize: '20',
    severity: null,
    acceptNumber: 0,
    rejectNumber: 1,
    backToNormal: false,
    discontinued: false,
    resumedAfter: null,
    finishedBy: status === 'open' ? null : 'Ines Inspector',
    lotHoldReason: status === 'failed' ? 'Failed inspection QI-000007' : null,
    nonconformanceId: null,
    nonconformanceNumber: null,
    checks: [check('c-1', 'Looks right'), check('c-2', 'Label present')],
    results,
  };
}

/** A server holding the inspection's results: POST …/results adds one, GET reads the inspection with them. */
function stubServer(results: TInspectionResult[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.endsWith('/results') && init.method === 'POST') {
        const sent = JSON.parse(String(init.body)) as { checkId: string; unitNo: number; passed: boolean };
        const made = result(sent.checkId, sent.unitNo, sent.passed);
        results.push(made);
        return json(201, made);
      }
      if (url === '/api/v1/inspections/i-1') return json(200, inspectionOf([...results]));
      return json(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } });
    }),
  );
}

function show(inspection: TInspection) {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  client.setQueryData(inspectionKeys.one(inspection.id), inspection);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <CompanyClockProvider timeZone="UTC" locale="en-GB">
          <MemoryRouter>
            <InspectionRunner inspectionId={inspection.id} />
          </MemoryRouter>
        </CompanyClockProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const passOf = (name: string) =>
  within(screen.getByRole('region', { name })).getByRole('button', { name: 'Pass' });

afterEach(() => vi.unstubAllGlobals());

describe('recording by keyboard', () => {
  it('puts the keyboard on the next check after each Record, then the next unit, then Finish', async () => {
    const user = userEvent.setup();
    stubServer([]);
    show(inspectionOf([]));

    passOf('Looks right, unit 1').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(passOf('Label present, unit 1')).toHaveFocus());
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      'Recorded: Looks right, unit 1, passed.',
    );

    // The unit's last check recorded: on to unit 2, its first check.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(passOf('Looks right, unit 2')).toHaveFocus());
    expect(screen.getByRole('heading', { name: 'Unit 2 of 2' })).toBeInTheDocument();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(passOf('Label present, unit 2')).toHaveFocus());
    await user.keyboard('{Enter}');
    // All recorded: Finish is next, and enabled.
    const finish = screen.getByRole('button', { name: 'Finish inspection' });
    await waitFor(() => expect(finish).toHaveFocus());
    expect(finish).toBeEnabled();
    expect(document.body).not.toHaveFocus();
  });
});

describe('a failed inspection read by a quality engineer', () => {
  it("shows each failure's defect code, note and photo, the photo opening full size", async () => {
    const user = userEvent.setup();
    stubServer([]);
    const failed = result('c-1', 2, false, {
      note: 'Burr along the top edge,\nboth sides',
      photoFileId: 'f-9',
    });
    const passes = [result('c-1', 1, true), result('c-2', 1, true), result('c-2', 2, true)];
    show(inspectionOf([...passes, failed], 'failed'));

    const failures = screen.getByRole('region', { name: 'Failures (1)' });
    expect(within(failures).getByText('Unit 2 · Looks right')).toBeInTheDocument();
    expect(within(failures).getByText('BUR — Burr')).toBeInTheDocument();
    expect(within(failures).getByText(/Note: Burr along the top edge/)).toBeInTheDocument();
    const alt = 'Photo of the failure of Looks right, unit 2 (BUR — Burr)';
    expect(within(failures).getByRole('img', { name: alt })).toHaveAttribute('src', '/api/v1/files/f-9');

    await user.click(within(failures).getByRole('button', { name: `Show ${alt} full size` }));
    const dialog = await screen.findByRole('dialog', { name: alt });
    expect(within(dialog).getByRole('img', { name: alt })).toHaveAttribute('src', '/api/v1/files/f-9');
  });
});
