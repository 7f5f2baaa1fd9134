// The BOM editor's form values: a revision as the form holds it, back to the route's contract, and the paths the
// server's field errors name (lines.N.…, steps.N.…). Split from bom-editor.tsx, which draws the form.
import type { TConsumptionMode, TRevision, TRevisionSave } from '#common/schemas/build.ts';
import { itemOption, type TItemOption } from '../../components/item-pickers.tsx';
import { machineOption, type TMachineOption } from '../../components/machine-select.tsx';
import { CONSUMPTION_LABELS } from './revision-view.tsx';
import type { TStepFileValues } from './step-files-editor.tsx';

export interface TLineValues {
  component: TItemOption | null;
  quantity: string;
  scrapPercent: string;
  notes: string;
  /** '' (the first step) or the step's number. */
  step: string;
  /** '' (the server's default for the part) or how it is consumed. */
  consumption: '' | TConsumptionMode;
}
export interface TStepValues {
  id: string | undefined;
  title: string;
  instructions: string;
  setupMinutes: string;
  runMinutes: string;
  /** The machine it runs on, if any (decision 063). */
  machine: TMachineOption | null;
  files: TStepFileValues[];
}

export const LINE_FIELDS = ['quantity', 'scrapPercent', 'notes', 'step', 'consumption'] as const;

/** The choices of "Consumed", the first saying what the default is for the part chosen (lot-tracked: scanned). */
export function consumptionOptions(component: TItemOption | null, useLotNumbers: boolean) {
  const lotTracked = component?.item ? component.item.lotTracked && useLotNumbers : null;
  const byDefault =
    lotTracked === null
      ? 'Default (scanned if lot-tracked)'
      : `Default: ${CONSUMPTION_LABELS[lotTracked ? 'scan' : 'backflush'].toLowerCase()}`;
  return [
    { value: '', label: byDefault },
    { value: 'scan', label: CONSUMPTION_LABELS.scan },
    { value: 'backflush', label: CONSUMPTION_LABELS.backflush },
  ];
}
export const STEP_FIELDS = ['title', 'instructions', 'setupMinutes', 'runMinutes'] as const;

export function valuesOf(revision: TRevision) {
  return {
    lines: revision.lines.map<TLineValues>((l) => ({
      component: itemOption(l.component),
      quantity: l.quantity,
      scrapPercent: l.scrapPercent,
      notes: l.notes,
      step: l.step === null ? '' : String(l.step),
      consumption: l.consumption,
    })),
    steps: revision.steps.map<TStepValues>((s) => ({
      id: s.id,
      title: s.title,
      instructions: s.instructions,
      setupMinutes: s.setupMinutes,
      runMinutes: s.runMinutes,
      machine: s.machine ? machineOption(s.machine) : null,
      files: s.files,
    })),
  };
}

export function bodyOf(v: ReturnType<typeof valuesOf>): TRevisionSave {
  return {
    lines: v.lines.map((l) => ({
      componentItemId: l.component?.value ?? '',
      quantity: l.quantity,
      scrapPercent: l.scrapPercent,
      notes: l.notes,
      step: l.step === '' ? null : Number(l.step),
      ...(l.consumption === '' ? {} : { consumption: l.consumption }),
    })),
    steps: v.steps.map(({ id, files, machine, ...s }) => ({
      ...(id ? { id } : {}),
      ...s,
      machineId: machine?.value ?? null,
      files: files.map((f) => ({ fileId: f.id, caption: f.caption })),
    })),
  };
}

/** Every body path a field shows: the line's item id lands on its picker, the rest on fields of the same name. */
export function pathsOf(v: ReturnType<typeof valuesOf>) {
  const paths: Record<string, string> = {};
  v.lines.forEach((_, i) => {
    paths[`lines.${i}.componentItemId`] = `lines.${i}.component`;
    for (const f of LINE_FIELDS) paths[`lines.${i}.${f}`] = `lines.${i}.${f}`;
  });
  v.steps.forEach((s, i) => {
    for (const f of STEP_FIELDS) paths[`steps.${i}.${f}`] = `steps.${i}.${f}`;
    paths[`steps.${i}.machineId`] = `steps.${i}.machine`;
    s.files.forEach((_, j) => {
      paths[`steps.${i}.files.${j}.caption`] = `steps.${i}.files.${j}.caption`;
    });
  });
  return paths;
}
