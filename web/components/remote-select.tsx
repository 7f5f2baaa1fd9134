// The one searchable picker that asks the server as one types (machines, assemblies, people): lists are paged on the
// server, so it never loads one whole. It shows the server's answers as they are (the server searched), keeps the
// chosen one in view while it is not among them (a machine preset from a scanned label), says how many more there
// are to narrow down, and says plainly when nothing matches, nothing exists yet, or the search failed.
import { type ComboboxItem, Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../lib/api-errors.ts';

const MORE = '__more__';

export interface TRemoteSelectProps {
  label: string;
  description?: string | undefined;
  placeholder: string;
  /** What the list is of, in the plural ("machines"), for the loader and the failure message. */
  noun: string;
  required?: boolean;
  value: string | null;
  selectedLabel: string | null;
  onChange: (id: string | null, label: string | null) => void;
  error?: string | undefined;
  queryKey: (q: string) => readonly unknown[];
  search: (q: string, signal: AbortSignal) => Promise<{ items: ComboboxItem[]; total: number }>;
  /** What to type to narrow a long list: "type more of the name" by default. */
  narrow?: string;
  /** When nothing matches what was typed; by default "None of your <noun> matches …". */
  noMatch?: (q: string) => string;
  /** When there is nothing at all yet; by default "No <noun> yet." */
  empty?: string;
  /** The first field of a dialog: focused when it opens. */
  autoFocus?: boolean;
  w?: Parameters<typeof Select>[0]['w'];
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
  const options: ComboboxItem[] = (found.data?.items ?? []).filter((o) => o.value !== value);
  if (value && selectedLabel) options.unshift({ value, label: selectedLabel });
  const more = (found.data?.total ?? 0) - (found.data?.items.length ?? 0);
  if (more > 0)
    options.push({
      value: MORE,
      label: `${more} more: ${props.narrow ?? 'type more of the name'}`,
      disabled: true,
    });
  const nothing = found.isError
    ? `The ${noun} could not be loaded: ${messageOf(found.error)}`
    : found.isPending
      ? 'Searching…'
      : q
        ? (props.noMatch?.(q) ?? `None of your ${noun} matches “${q}”. Check the spelling.`)
        : (props.empty ?? `No ${noun} yet.`);
  return (
    <Select
      label={props.label}
      description={props.description}
      placeholder={props.placeholder}
      required={props.required}
      searchable
      clearable
      w={props.w}
      maw="100%"
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
      {...(props.autoFocus ? { 'data-autofocus': true } : {})}
    />
  );
}
