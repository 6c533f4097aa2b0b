import { KYC_STATUS_MIN_ADDRESS, kycStatusResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/json-query';

export const kycStatusQueryKeyPrefix = ['api', 'kyc', 'status'] as const;

export function kycStatusQueryKey(address: string) {
  return [...kycStatusQueryKeyPrefix, address] as const;
}

/** Spec section 5: the status is looked up only for addresses longer than 20 characters. */
export function isKycLookupAddress(address: string): boolean {
  return address.trim().length > KYC_STATUS_MIN_ADDRESS;
}

export function kycStatusQueryOptions(address: string) {
  const query = new URLSearchParams({ address: address.trim() });
  return queryOptions({
    queryKey: kycStatusQueryKey(address.trim()),
    queryFn: getJson(`/api/kyc/status?${query.toString()}`, kycStatusResponse),
    enabled: isKycLookupAddress(address),
  });
}

export function useKycStatus(address: string) {
  return useQuery(kycStatusQueryOptions(address));
}
