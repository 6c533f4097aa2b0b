/** Ledger entry flags (LedgerFormats.h). */
export const lsf = {
  passwordSpent: 0x00010000,
  requireDestTag: 0x00020000,
  requireAuth: 0x00040000,
  disallowXRP: 0x00080000,
  disableMaster: 0x00100000,
  noFreeze: 0x00200000,
  globalFreeze: 0x00400000,
  defaultRipple: 0x00800000,
  depositAuth: 0x01000000,
  disallowIncomingNFTokenOffer: 0x04000000,
  disallowIncomingCheck: 0x08000000,
  disallowIncomingPayChan: 0x10000000,
  disallowIncomingTrustline: 0x20000000,
  allowTrustLineClawback: 0x80000000,

  lowReserve: 0x00010000,
  highReserve: 0x00020000,
  lowAuth: 0x00040000,
  highAuth: 0x00080000,
  lowNoRipple: 0x00100000,
  highNoRipple: 0x00200000,
  lowFreeze: 0x00400000,
  highFreeze: 0x00800000,
  ammNode: 0x01000000,

  accepted: 0x00010000,
} as const;

/** Transaction flags (TxFlags.h). */
export const tf = {
  fullyCanonicalSig: 0x80000000,
  innerBatchTxn: 0x40000000,

  requireDestTag: 0x00010000,
  optionalDestTag: 0x00020000,
  requireAuth: 0x00040000,
  optionalAuth: 0x00080000,
  disallowXRP: 0x00100000,
  allowXRP: 0x00200000,

  noRippleDirect: 0x00010000,
  partialPayment: 0x00020000,
  limitQuality: 0x00040000,

  setfAuth: 0x00010000,
  setNoRipple: 0x00020000,
  clearNoRipple: 0x00040000,
  setFreeze: 0x00100000,
  clearFreeze: 0x00200000,

  burnable: 0x00000001,
  onlyXRP: 0x00000002,
  trustLine: 0x00000004,
  transferable: 0x00000008,
  mutable: 0x00000010,

  lpToken: 0x00010000,
  withdrawAll: 0x00020000,
  oneAssetWithdrawAll: 0x00040000,
  singleAsset: 0x00080000,
  twoAsset: 0x00100000,
  oneAssetLPToken: 0x00200000,
  limitLPToken: 0x00400000,
  twoAssetIfEmpty: 0x00800000,
} as const;

export const tfUniversal = tf.fullyCanonicalSig | tf.innerBatchTxn;

/** AccountSet SetFlag/ClearFlag values. */
export const asf = {
  requireDest: 1,
  requireAuth: 2,
  disallowXRP: 3,
  disableMaster: 4,
  accountTxnID: 5,
  noFreeze: 6,
  globalFreeze: 7,
  defaultRipple: 8,
  depositAuth: 9,
  authorizedNFTokenMinter: 10,
  disallowIncomingNFTokenOffer: 12,
  disallowIncomingCheck: 13,
  disallowIncomingPayChan: 14,
  disallowIncomingTrustline: 15,
  allowTrustLineClawback: 16,
} as const;

export function hasFlag(flags: number, flag: number): boolean {
  return (flags & flag) >>> 0 === flag >>> 0;
}
