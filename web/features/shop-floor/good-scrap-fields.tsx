// Good, scrap and why, as a step's finish and an output both ask them, with the keypad the unit calls for. Scrap
// names a defect code where the company keeps them (decision 076: scrap and inspection failures in one Pareto); the
// reason stays, as the note, and is optional then.
import { Group, TextInput } from '@mantine/core';
import { SHOP_FLOOR_MESSAGES } from '#common/schemas/shop-floor.ts';
import { DefectCodeSelect, useScrapCodesKept } from '../../components/defect-code-select.tsx';
import { quantityInputMode } from '../../lib/quantity-input.ts';

type TField = 'goodQuantity' | 'scrapQuantity' | 'scrapReason';

/** The values both forms keep for scrap's defect code: its id and its "SCR-01 — Scratched" label. */
export interface TScrapCodeValues {
  scrapQuantity: string;
  scrapDefectCodeId: string;
  scrapDefectCodeLabel: string;
}

/** Whether the scrap typed is more than nothing (as the contract reads it). */
export const hasScrap = (quantity: string) => /[1-9]/.test(quantity);

/** The code's part of the request body: only with scrap, only when one is chosen. */
export const scrapCodeBody = (v: TScrapCodeValues) =>
  hasScrap(v.scrapQuantity) && v.scrapDefectCodeId ? { scrapDefectCodeId: v.scrapDefectCodeId } : {};

/** The form's own rule, as the server's: scrap names a code where the company keeps them. */
export const scrapCodeRule = (kept: boolean | undefined, v: TScrapCodeValues) => ({
  scrapDefectCodeId:
    kept && hasScrap(v.scrapQuantity) && !v.scrapDefectCodeId && SHOP_FLOOR_MESSAGES.scrapCodeNeeded,
});

type TCode = {
  values: TScrapCodeValues;
  onChange: (id: string, label: string) => void;
  error: string | undefined;
};

/** The defect code, once scrap is typed and where the company keeps codes; mounted only then (it asks the server). */
function ScrapCode({ code }: { code: TCode }) {
  const kept = useScrapCodesKept();
  if (!kept) return null;
  return (
    <DefectCodeSelect
      label="Defect code"
      description="What was wrong with the scrap; the reason below is the note"
      required
      value={
        code.values.scrapDefectCodeId
          ? { value: code.values.scrapDefectCodeId, label: code.values.scrapDefectCodeLabel }
          : null
      }
      onChange={(picked) => code.onChange(picked?.value ?? '', picked?.label ?? '')}
      error={code.error}
    />
  );
}

/** The fields, wired to a form by `inputProps` (the form's getInputProps) and `code` (the defect code's values). */
export function GoodScrapFields({
  unitOfMeasure,
  inputProps,
  code,
}: {
  unitOfMeasure: string;
  inputProps: (field: TField) => object;
  code: TCode;
}) {
  return (
    <>
      <Group grow align="flex-start">
        <TextInput
          label="Good"
          inputMode={quantityInputMode(unitOfMeasure)}
          size="md"
          {...inputProps('goodQuantity')}
        />
        <TextInput
          label="Scrap"
          inputMode={quantityInputMode(unitOfMeasure)}
          size="md"
          {...inputProps('scrapQuantity')}
        />
      </Group>
      {hasScrap(code.values.scrapQuantity) ? <ScrapCode code={code} /> : null}
      <TextInput label="Scrap reason" size="md" {...inputProps('scrapReason')} />
    </>
  );
}
