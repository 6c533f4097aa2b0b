import { fundsStatementResponse } from '@carbon-ledger/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPagesOptions } from '../../../shared/api/cursor-pages';
import { FUNDS_PAGE_SIZE } from '../paging';
import { fundsQueryKey } from './get-funds';

/** Newest first, a page at a time. */
export function statementQueryOptions() {
  return cursorPagesOptions([...fundsQueryKey, 'statement'] as const, `/api/funds/statement?limit=${FUNDS_PAGE_SIZE}`, fundsStatementResponse);
}

export function useStatement() {
  return useInfiniteQuery(statementQueryOptions());
}
