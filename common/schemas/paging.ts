// The one shape of a server-paged list: the page's items, how many match in all, and which page this is.
import { z } from 'zod';

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** The page and page size of a list query; `maxPageSize` bounds what one request may ask for. */
export function pageQuery(defaultPageSize = 25, maxPageSize = 100) {
  return {
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
  };
}
