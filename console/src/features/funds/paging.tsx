import { Pagination } from '@mantine/core';

/** The funds screen's lists (the statement, the held deposits) are read this many rows a page. */
export const FUNDS_PAGE_SIZE = 10;

/** The page choice of a list of `total` rows, shown only when it has two pages or more. */
export function PagePicker({ total, page, onChange }: { total: number; page: number; onChange: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / FUNDS_PAGE_SIZE));
  return pages > 1 ? <Pagination total={pages} value={page} onChange={onChange} size="sm" /> : null;
}
