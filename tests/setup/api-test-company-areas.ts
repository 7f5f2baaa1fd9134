// The contract and fuzz tests' company (api-test-company.ts), its records of the later areas: an open job with a
// budget (Time, on by default), a reported breakdown of the company's press (Maintenance), a supplier and a defect
// code (Quality), so the routes that name one reach their rules (a breakdown's job included), not only their 404s.

type TSend = (method: string, url: string, body?: unknown) => Promise<{ id: string }>;

export async function seedLaterAreas(
  send: TSend,
  { code, label, machineId }: { code: string; label: string; machineId: string },
): Promise<{ job: string; breakdown: string; supplier: string; defectCode: string }> {
  const job = await send('POST', '/api/v1/jobs', {
    name: `${label} job`,
    customer: 'Contract customer',
    budgetHours: '10',
    budgetCost: '1000',
  });
  const breakdown = await send('POST', '/api/v1/breakdowns', { machineId, problem: 'Press leaks oil' });
  const supplier = await send('POST', '/api/v1/suppliers', {
    code: `${code}-SUP`,
    name: `${label} supplies`,
  });
  const defectCode = await send('POST', '/api/v1/defect-codes', { code: `${code}-SCR`, name: 'Scratch' });
  return { job: job.id, breakdown: breakdown.id, supplier: supplier.id, defectCode: defectCode.id };
}
