// The draft editor's values and the contract's body: numbers typed as text go as decimal strings (empty → null),
// only the check's own kind's fields are sent, a visual check's reference goes as its file id, and every body path
// the server may name lands on a field of the form.
import { describe, expect, it } from 'vitest';
import { ZVersionSaveSchema } from '#common/schemas/inspection-plans.ts';
import { bodyOf, newCheck, pathsOf, type TVersionValues } from './version-values.ts';

const values = (over: Partial<TVersionValues> = {}): TVersionValues => ({
  sampling: 'all',
  sampleCount: '',
  inspectionLevel: 'II',
  aql: '2.5',
  checks: [],
  ...over,
});

describe('a draft version in the editor', () => {
  it('sends a measurement as decimal strings, an empty limit as null, and nothing of the other kinds', () => {
    const body = bodyOf(
      values({
        checks: [
          {
            ...newCheck('measurement'),
            name: 'Bore',
            lowerLimit: ' 9.95 ',
            upperLimit: '',
            nominal: '10',
            unit: 'mm',
            readingsPerUnit: 3,
            choices: ['left over'],
          },
        ],
      }),
    );
    expect(body.checks[0]).toEqual({
      kind: 'measurement',
      name: 'Bore',
      instructions: '',
      critical: false,
      photoOnFail: false,
      nominal: '10',
      lowerLimit: '9.95',
      upperLimit: null,
      unit: 'mm',
      readingsPerUnit: 3,
    });
    expect(ZVersionSaveSchema.safeParse(body).success).toBe(true);
  });

  it('sends the sampling rule’s own fields only', () => {
    expect(bodyOf(values({ sampling: 'fixed', sampleCount: 5 }))).toMatchObject({
      sampling: 'fixed',
      sampleCount: 5,
      inspectionLevel: null,
      aql: null,
    });
    expect(bodyOf(values({ sampling: 'aql', sampleCount: 5 }))).toMatchObject({
      sampleCount: null,
      inspectionLevel: 'II',
      aql: '2.5',
    });
    // An empty sample size is no number: the contract says it is required.
    const empty = ZVersionSaveSchema.safeParse(bodyOf(values({ sampling: 'fixed' })));
    expect(empty.error?.issues.map((i) => i.path.join('.'))).toEqual(['sampleCount']);
  });

  it('sends a visual check’s reference as its file id, and maps the server’s path back to the picture', () => {
    const reference = {
      id: '0193a1b2-0000-7000-8000-000000000001',
      name: 'weld.png',
      contentType: 'image/png',
      url: '/x',
    };
    const v = values({ checks: [newCheck(), { ...newCheck('visual'), name: 'Weld', reference }] });
    expect(bodyOf(v).checks[1]).toMatchObject({ kind: 'visual', referenceFileId: reference.id });
    expect(pathsOf(v)).toMatchObject({
      'checks.1.referenceFileId': 'checks.1.reference',
      'checks.1.name': 'checks.1.name',
      'checks.0.acceptedChoices': 'checks.0.acceptedChoices',
    });
  });
});
