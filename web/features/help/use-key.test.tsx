// `?` and `/` are shortcuts only outside fields: typed into a field, a text area or an editable box they stay the
// person's; with Ctrl, Alt or Cmd they stay the browser's.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useKey } from './use-key.ts';

function Page({ onKey }: { onKey: () => void }) {
  useKey('?', onKey);
  return (
    <div>
      <p>Some text</p>
      <input aria-label="Quantity" />
      <textarea aria-label="Note" />
    </div>
  );
}

describe('useKey', () => {
  it('answers the key outside fields and leaves it to the field inside one', async () => {
    const onKey = vi.fn();
    const user = userEvent.setup();
    render(<Page onKey={onKey} />);
    await user.click(screen.getByText('Some text'));
    await user.keyboard('?');
    expect(onKey).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('textbox', { name: 'Quantity' }));
    await user.keyboard('?');
    await user.click(screen.getByRole('textbox', { name: 'Note' }));
    await user.keyboard('?');
    expect(onKey).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('textbox', { name: 'Quantity' })).toHaveValue('?');
  });

  it('ignores the key with Ctrl held', async () => {
    const onKey = vi.fn();
    const user = userEvent.setup();
    render(<Page onKey={onKey} />);
    await user.click(screen.getByText('Some text'));
    await user.keyboard('{Control>}?{/Control}');
    expect(onKey).not.toHaveBeenCalled();
  });
});
