// The box a code is typed into and "Find" (the scan page, QC Instructions): large for a gloved thumb, no capitals
// or corrections forced on a label's code, and fed by `useCodeLookup`, which also catches a scanner's burst.
import { Button, Group, TextInput } from '@mantine/core';
import type { TCodeLookup } from '../lib/code-lookup.ts';

export function CodeEntryForm({
  lookup,
  formLabel,
  label,
  placeholder,
  showBusy = false,
}: {
  lookup: TCodeLookup;
  /** The form's accessible name, e.g. "Type a code". */
  formLabel: string;
  label: string;
  placeholder: string;
  /** Spin "Find" while a lookup is in flight (off where each scan shows its own progress, as the scan cards do). */
  showBusy?: boolean;
}) {
  return (
    <form onSubmit={lookup.submit} aria-label={formLabel}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={label}
          placeholder={placeholder}
          value={lookup.typed}
          onChange={(e) => lookup.setTyped(e.currentTarget.value)}
          size="lg"
          style={{ flex: 1, minWidth: 0 }}
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
        />
        <Button type="submit" size="lg" loading={showBusy && lookup.busy}>
          Find
        </Button>
      </Group>
    </form>
  );
}
