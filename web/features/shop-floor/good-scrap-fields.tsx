// Good, scrap and scrap reason as a step's finish and an output both ask them, with the keypad the unit calls for.
import { Group, TextInput } from '@mantine/core';
import { quantityInputMode } from '../../lib/quantity-input.ts';

type TField = 'goodQuantity' | 'scrapQuantity' | 'scrapReason';

/** The three fields, wired to a form by `inputProps` (the form's getInputProps). */
export function GoodScrapFields({
  unitOfMeasure,
  inputProps,
}: {
  unitOfMeasure: string;
  inputProps: (field: TField) => object;
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
      <TextInput label="Scrap reason" size="md" {...inputProps('scrapReason')} />
    </>
  );
}
