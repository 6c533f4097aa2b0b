import { fundsStatementResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/json-query';
import { FUNDS_PAGE_SIZE } from '../paging';
import { fundsQueryKey } from './get-funds';

export function statementQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...fundsQueryKey, 'statement', page],
    queryFn: getJson(`/api/funds/statement?page=${page}&pageSize=${FUNDS_PAGE_SIZE}`, fundsStatementResponse),
  });
}

export function useStatement(page: number) {
  return useQuery(statementQueryOptions(page));
}
