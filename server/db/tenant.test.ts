// The one-message begin of a tenant transaction writes the company id into SQL text: only a uuid may get there.
import { describe, expect, it } from 'vitest';
import { tenantBeginSql } from './tenant.ts';

describe('tenantBeginSql', () => {
  it('sets the company and the request role after begin, in one message', () => {
    expect(tenantBeginSql('01a20b2e-3680-7207-ba6f-4a8dd9754580')).toBe(
      "begin; select set_config('app.company_id', '01a20b2e-3680-7207-ba6f-4a8dd9754580', true), set_config('role', 'forgeboard_app', true)",
    );
  });

  it.each([
    ["01a20b2e-3680-7207-ba6f-4a8dd9754580', true); drop table items; --"],
    ['01a20b2e-3680-7207-ba6f-4a8dd975458'],
    ['01a20b2e36807207ba6f4a8dd9754580'],
    [''],
    ["'"],
  ])('refuses %j', (companyId) => {
    expect(() => tenantBeginSql(companyId)).toThrow('needs a company id');
  });
});
