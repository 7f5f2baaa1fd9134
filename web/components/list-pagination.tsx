// The page control under every list paged on the server, so each has the same accessible names ("Pages of …",
// "next page") and the same rule for a page that no longer exists.
import { Pagination } from '@mantine/core';
import { useEffect } from 'react';

/** How many pages `total` rows fill: at least one, so an empty list is on page 1. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * Nothing for a single page. When the page shown is past the last one (its last row was deactivated, returned or
 * counted away), it goes back to the new last page rather than showing an empty page.
 */
export function ListPagination({
  page,
  total,
  pageSize,
  onChange,
  label,
}: {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
  /** The control's accessible name, e.g. "Pages of items". */
  label: string;
}) {
  const pages = pageCount(total, pageSize);
  useEffect(() => {
    if (page > pages) onChange(pages);
  }, [page, pages, onChange]);
  if (pages <= 1) return null;
  return (
    <Pagination
      size="sm"
      value={page}
      onChange={onChange}
      total={pages}
      aria-label={label}
      getControlProps={(control) => ({ 'aria-label': `${control} page` })}
    />
  );
}
