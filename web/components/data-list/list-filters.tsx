// The search box and the one-choice filter of a server-paged list, bound to its list state (use-list-state.ts): what
// every list toolbar starts with, so each list names only its own words and choices.
import { Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { statusStyle, type TStatusKind, type TStatusOf } from '#common/statuses.ts';

/** The search box: typing goes to `setSearch`, which the list state debounces before it reaches the server. */
export function ListSearch({
  list,
  label,
  placeholder,
  w = 280,
  visibleLabel = false,
}: {
  list: { search: string; setSearch: (search: string) => void };
  /** The box's accessible name, e.g. "Search orders". */
  label: string;
  /** Shown above the box, as in a toolbar whose other filters have labels. */
  visibleLabel?: boolean;
  /** What can be searched, e.g. "Number, customer or notes". */
  placeholder: string;
  w?: number;
}) {
  return (
    <TextInput
      {...(visibleLabel ? { label } : { 'aria-label': label })}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      w={w}
      maw="100%"
      value={list.search}
      onChange={(e) => list.setSearch(e.currentTarget.value)}
    />
  );
}

/** One of a fixed set of choices (a status, a kind): never empty, so `value` is always one of `options`. */
export function ListChoice<TValue extends string>({
  label,
  options,
  value,
  onChange,
  w = 220,
  visibleLabel = false,
}: {
  label: string;
  /** Shown above the choice, as in a toolbar whose other filters have labels. */
  visibleLabel?: boolean;
  options: readonly { value: TValue; label: string }[];
  value: TValue;
  onChange: (value: TValue) => void;
  w?: number;
}) {
  return (
    <Select
      {...(visibleLabel ? { label } : { 'aria-label': label })}
      data={[...options]}
      value={value}
      allowDeselect={false}
      onChange={(next) => {
        const picked = options.find((o) => o.value === next);
        if (picked) onChange(picked.value);
      }}
      w={w}
      maw="100%"
    />
  );
}

/** A status filter's choices: "All statuses", then each of `statuses` by the label its badge shows. */
export function statusChoices<K extends TStatusKind, S extends TStatusOf<K>>(
  kind: K,
  statuses: readonly S[],
): { value: S | 'all'; label: string }[] {
  return [
    { value: 'all', label: 'All statuses' },
    ...statuses.map((status) => ({ value: status, label: statusStyle(kind, status).label })),
  ];
}
