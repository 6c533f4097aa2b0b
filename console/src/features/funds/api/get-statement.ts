import { fundsStatementResponse, type FundsStatementResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { fundsQueryKey } from './get-funds';

export function fetchStatement(page: number, signal?: AbortSignal): Promise<FundsStatementResponse> {
  return requestJson(`/api/funds/statement?page=${page}&pageSize=10`, fundsStatementResponse, { signal });
}

export function statementQueryOptions(page: number) {
  return queryOptions({ queryKey: [...fundsQueryKey, 'statement', page], queryFn: ({ signal }) => fetchStatement(page, signal) });
}

export function useStatement(page: number) {
  return useQuery(statementQueryOptions(page));
}
