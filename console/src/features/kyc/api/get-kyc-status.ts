import { KYC_STATUS_MIN_ADDRESS, kycStatusResponse, type KycStatusResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

export const kycStatusQueryKeyPrefix = ['api', 'kyc', 'status'] as const;

export function kycStatusQueryKey(address: string) {
  return [...kycStatusQueryKeyPrefix, address] as const;
}

/** Spec section 5: the status is looked up only for addresses longer than 20 characters. */
export function isKycLookupAddress(address: string): boolean {
  return address.trim().length > KYC_STATUS_MIN_ADDRESS;
}

export function fetchKycStatus(address: string, signal?: AbortSignal): Promise<KycStatusResponse> {
  const query = new URLSearchParams({ address: address.trim() });
  return requestJson(`/api/kyc/status?${query.toString()}`, kycStatusResponse, { signal });
}

export function kycStatusQueryOptions(address: string) {
  return queryOptions({
    queryKey: kycStatusQueryKey(address.trim()),
    queryFn: ({ signal }) => fetchKycStatus(address, signal),
    enabled: isKycLookupAddress(address),
  });
}

export function useKycStatus(address: string) {
  return useQuery(kycStatusQueryOptions(address));
}
