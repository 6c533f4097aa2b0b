import { fundsStatementResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/json-query';
import { fundsQueryKey } from './get-funds';

export function statementQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...fundsQueryKey, 'statement', page],
    queryFn: getJson(`/api/funds/statement?page=${page}&pageSize=10`, fundsStatementResponse),
  });
}

export function useStatement(page: number) {
  return useQuery(statementQueryOptions(page));
}
