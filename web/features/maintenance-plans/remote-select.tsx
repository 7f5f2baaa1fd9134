// A searchable picker that asks the server as one types (the company's machines, its active people): names only, the
// chosen one kept in view while it is not among the answers. Lists are paged on the server, so the picker never
// loads them whole.
import { type ComboboxItem, Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../lib/api-errors.ts';

const MORE = '__more__';

export interface TRemoteSelectProps {
  label: string;
  description?: string;
  placeholder: string;
  /** What the list is of, in the plural ("machines"), for the empty and failure messages. */
  noun: string;
  required?: boolean;
  value: string | null;
  selectedLabel: string | null;
  onChange: (id: string | null, label: string | null) => void;
  error?: string | undefined;
  queryKey: (q: string) => readonly unknown[];
  search: (q: string, signal: AbortSignal) => Promise<{ items: ComboboxItem[]; total: number }>;
}

export function RemoteSelect(props: TRemoteSelectProps) {
  const { value, selectedLabel, noun } = props;
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed.trim(), 250);
  // Once one is picked the input shows its name: searching for it would only find it again.
  const q = debounced === selectedLabel ? '' : debounced;
  const found = useQuery({
    queryKey: props.queryKey(q),
    queryFn: ({ signal }) => props.search(q, signal),
    enabled: opened,
    placeholderData: keepPreviousData,
  });
  const options: ComboboxItem[] = [...(found.data?.items ?? [])];
  if (value && selectedLabel && !options.some((o) => o.value === value))
    options.unshift({ value, label: selectedLabel });
  const more = (found.data?.total ?? 0) - (found.data?.items.length ?? 0);
  if (more > 0) options.push({ value: MORE, label: `${more} more: type more of the name`, disabled: true });
  const nothing = found.isError
    ? `The ${noun} could not be loaded: ${messageOf(found.error)}`
    : found.isPending
      ? 'Searching…'
      : q
        ? `None of your ${noun} matches “${q}”. Check the spelling.`
        : `No ${noun} yet.`;
  return (
    <Select
      label={props.label}
      description={props.description}
      placeholder={props.placeholder}
      required={props.required}
      searchable
      clearable
      data={options}
      value={value}
      onChange={(id, option) => props.onChange(id, option?.label ?? null)}
      onSearchChange={setTyped}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      // The server already searched: show its answers as they are.
      filter={({ options: all }) => all}
      nothingFoundMessage={nothing}
      {...(found.isFetching && opened
        ? { rightSection: <Loader size="xs" aria-label={`Searching ${noun}`} /> }
        : {})}
      error={props.error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
