// A form on the kit: its fields checked with the shared contract before anything is sent (the contract's own
// messages under the fields), the form's own words winning where it has them, and a refusal's field errors put
// on the fields by the server's paths, with what no field shows above the buttons.
import { MantineProvider, TextInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type TPostStockInput, ZPostStockSchema } from '#common/schemas/stock.ts';
import { FormFooter } from '../components/form-footer.tsx';
import { ApiError } from './api-client.ts';
import { useContractForm } from './contract-form.ts';

const ITEM = '0b6c8f3e-6d43-4c1f-9a51-2f1b8c0d4e11';
const LOCATION = '5d1e0a7b-3f7c-4a55-8e6e-9c2b4d1f0a22';

/** An Adjust-like form: its fields are not the posting's shape (the change is lines[0].quantityDelta). */
function AdjustForm({ onSend, failure }: { onSend: (body: TPostStockInput) => void; failure?: unknown }) {
  const form = useContractForm({
    schema: ZPostStockSchema,
    initialValues: { location: LOCATION as string | null, change: '', reason: '' },
    toBody: (values): TPostStockInput => ({
      kind: 'adjust',
      idempotencyKey: 'test-key-0001',
      reason: values.reason,
      lines: [{ itemId: ITEM, locationId: values.location ?? '', quantityDelta: values.change }],
    }),
    paths: { 'lines.0.locationId': 'location', 'lines.0.quantityDelta': 'change' },
    rules: (values) => ({ location: !values.location && 'Choose the stock to adjust' }),
  });
  return (
    <form
      aria-label="Adjust"
      noValidate
      onSubmit={form.onSubmit((body) => {
        if (failure) form.showFailure(failure);
        else onSend(body);
      })}
    >
      <TextInput label="Change" {...form.getInputProps('change')} />
      <TextInput label="Reason" {...form.getInputProps('reason')} />
      <button type="button" onClick={() => form.setFieldValue('location', null)}>
        Forget the location
      </button>
      <p>Location error: {form.errorOf('location') ?? 'none'}</p>
      <FormFooter error={form.formError} onCancel={() => undefined} submitLabel="Adjust" pending={false} />
    </form>
  );
}

function show(props: { onSend?: (body: TPostStockInput) => void; failure?: unknown }) {
  const onSend = props.onSend ?? vi.fn();
  render(
    <MantineProvider>
      <AdjustForm onSend={onSend} failure={props.failure} />
    </MantineProvider>,
  );
  return { user: userEvent.setup(), onSend };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Adjust' }));

describe('useContractForm', () => {
  it('says what the contract says under each empty required field, and sends nothing', async () => {
    const { user, onSend } = show({});
    await submit(user);
    expect(field('Change')).toHaveAccessibleDescription('Change is required');
    expect(field('Reason')).toHaveAccessibleDescription('Say why (at least 3 characters)');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('clears a field’s message when it is changed, and sends the body the fields make once it passes', async () => {
    const { user, onSend } = show({});
    await submit(user);
    await user.type(field('Change'), '-2');
    expect(field('Change')).not.toHaveAccessibleDescription('Change is required');
    await user.type(field('Reason'), 'Broken in the bin');
    await submit(user);
    expect(onSend).toHaveBeenCalledWith(
      expect.objectContaining({
        kind: 'adjust',
        reason: 'Broken in the bin',
        lines: [{ itemId: ITEM, locationId: LOCATION, quantityDelta: '-2' }],
      }),
    );
  });

  it('puts the form’s own words over the contract’s for the same field', async () => {
    const { user } = show({});
    await user.click(screen.getByRole('button', { name: 'Forget the location' }));
    await submit(user);
    // The contract alone would say "Not a location id".
    expect(screen.getByText('Location error: Choose the stock to adjust')).toBeInTheDocument();
  });

  it('puts the server’s field errors on the right fields and what no field shows above the buttons', async () => {
    const failure = new ApiError(400, 'VALIDATION', 'Request validation failed', {
      'lines.0.quantityDelta': 'An adjustment cannot be zero',
      'lines.0.itemId': 'This item is deactivated: reactivate it under SKU Setup to move its stock.',
    });
    const { user } = show({ failure });
    await user.type(field('Change'), '-2');
    await user.type(field('Reason'), 'Broken in the bin');
    await submit(user);
    expect(field('Change')).toHaveAccessibleDescription('An adjustment cannot be zero');
    expect(field('Reason')).not.toHaveAccessibleDescription();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This item is deactivated: reactivate it under SKU Setup to move its stock.',
    );
  });

  it('shows a refusal that names no field above the buttons', async () => {
    const { user } = show({ failure: new ApiError(403, 'FORBIDDEN', 'Only admins can adjust stock.') });
    await user.type(field('Change'), '-2');
    await user.type(field('Reason'), 'Broken in the bin');
    await submit(user);
    expect(screen.getByRole('alert')).toHaveTextContent('Only admins can adjust stock.');
  });
});
