// A draft version as the editor's form holds it, and back to the contract's body: numbers typed as text (decimal
// strings, never floats), the reference picture as the file the upload answered, choices as lists.
import type {
  TCheck,
  TCheckKind,
  TSamplingRule,
  TVersion,
  TVersionSave,
} from '#common/schemas/inspection-plans.ts';

export interface TCheckValues {
  kind: TCheckKind;
  name: string;
  instructions: string;
  critical: boolean;
  photoOnFail: boolean;
  nominal: string;
  lowerLimit: string;
  upperLimit: string;
  unit: string;
  readingsPerUnit: number | string;
  choices: string[];
  acceptedChoices: string[];
  reference: TCheck['reference'];
}

export interface TVersionValues extends Record<string, unknown> {
  sampling: TSamplingRule;
  sampleCount: number | string;
  inspectionLevel: string | null;
  aql: string | null;
  checks: TCheckValues[];
}

export const newCheck = (kind: TCheckKind = 'pass_fail'): TCheckValues => ({
  kind,
  name: '',
  instructions: '',
  critical: false,
  photoOnFail: false,
  nominal: '',
  lowerLimit: '',
  upperLimit: '',
  unit: '',
  readingsPerUnit: 1,
  choices: [],
  acceptedChoices: [],
  reference: null,
});

export function valuesOf(v: TVersion): TVersionValues {
  return {
    sampling: v.sampling,
    sampleCount: v.sampleCount ?? '',
    inspectionLevel: v.inspectionLevel ?? 'II',
    aql: v.aql ?? '2.5',
    checks: v.checks.map((c) => ({
      kind: c.kind,
      name: c.name,
      instructions: c.instructions,
      critical: c.critical,
      photoOnFail: c.photoOnFail,
      nominal: c.nominal ?? '',
      lowerLimit: c.lowerLimit ?? '',
      upperLimit: c.upperLimit ?? '',
      unit: c.unit,
      readingsPerUnit: c.readingsPerUnit,
      choices: c.choices,
      acceptedChoices: c.acceptedChoices,
      reference: c.reference,
    })),
  };
}

/** An empty box is "nothing" (null); anything typed goes as typed for the contract to judge. */
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const wholeOrNull = (n: number | string) => (n === '' ? null : Number(n));

export function bodyOf(v: TVersionValues): TVersionSave {
  return {
    sampling: v.sampling,
    sampleCount: v.sampling === 'fixed' ? wholeOrNull(v.sampleCount) : null,
    inspectionLevel: v.sampling === 'aql' ? (v.inspectionLevel as TVersionSave['inspectionLevel']) : null,
    aql: v.sampling === 'aql' ? (v.aql as TVersionSave['aql']) : null,
    checks: v.checks.map((c) => ({
      kind: c.kind,
      name: c.name,
      instructions: c.instructions,
      critical: c.critical,
      photoOnFail: c.photoOnFail,
      ...(c.kind === 'measurement'
        ? {
            nominal: orNull(c.nominal),
            lowerLimit: orNull(c.lowerLimit),
            upperLimit: orNull(c.upperLimit),
            unit: c.unit,
            readingsPerUnit: c.readingsPerUnit === '' ? Number.NaN : Number(c.readingsPerUnit),
          }
        : {}),
      ...(c.kind === 'choice' ? { choices: c.choices, acceptedChoices: c.acceptedChoices } : {}),
      ...(c.kind === 'visual' ? { referenceFileId: c.reference?.id ?? null } : {}),
    })),
  };
}

const CHECK_FIELDS = [
  'kind',
  'name',
  'instructions',
  'nominal',
  'lowerLimit',
  'upperLimit',
  'unit',
  'readingsPerUnit',
  'choices',
  'acceptedChoices',
] as const;

/** Body paths to the fields that show them: a check's referenceFileId shows under its reference picture. */
export function pathsOf(v: TVersionValues): Record<string, string> {
  const paths: Record<string, string> = {};
  v.checks.forEach((_, i) => {
    for (const f of CHECK_FIELDS) paths[`checks.${i}.${f}`] = `checks.${i}.${f}`;
    paths[`checks.${i}.referenceFileId`] = `checks.${i}.reference`;
  });
  return paths;
}
