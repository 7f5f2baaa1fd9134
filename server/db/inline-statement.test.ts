import { describe, expect, it } from 'vitest';
import { uuidStatement } from './inline-statement.ts';

const A = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const B = '0190A1B2-C3D4-7E5F-8A9B-0C1D2E3F4A5C';

describe('uuidStatement', () => {
  it('writes uuids and lists of uuids into the text as literals', () => {
    const statement = uuidStatement('select * from t where company_id = $1 and id = any($2::uuid[]) or $3', [
      A,
      [A, B],
      [],
    ]);
    expect(statement.text).toBe(
      `select * from t where company_id = '${A}' and id = any('{${A},${B.toLowerCase()}}'::uuid[]) or '{}'`,
    );
  });

  it('refuses anything that is not a uuid, so no request can shape the SQL', () => {
    for (const value of [`${A}' or '1'='1`, "x'; drop table items; --", '', `{${A}}`, `${A},${B}`])
      expect(() => uuidStatement('select $1', [value])).toThrow('uuids only');
    expect(() => uuidStatement('select $1::uuid[]', [[A, "'); drop table items; --"]])).toThrow('uuids only');
  });

  it('refuses a placeholder without a value', () => {
    expect(() => uuidStatement('select $1, $2', [A])).toThrow('no value for $2');
  });
});
