import { ammCreate } from '../amm/amm-create.js';
import { ammDeposit } from '../amm/amm-deposit.js';
import { ammWithdraw } from '../amm/amm-withdraw.js';
import type { Transactor } from '../transactor.js';
import { accountSet, setRegularKey } from './account-set.js';
import { credentialAccept, credentialCreate, credentialDelete } from './credential.js';
import { nftokenBurn, nftokenMint } from './nftoken.js';
import { payment } from './payment.js';
import { trustSet } from './trust-set.js';

/** Transaction types the sandbox applies; anything else is rejected with temDISABLED. */
export const transactors: Readonly<Record<string, Transactor>> = {
  AccountSet: accountSet,
  AMMCreate: ammCreate,
  AMMDeposit: ammDeposit,
  AMMWithdraw: ammWithdraw,
  CredentialAccept: credentialAccept,
  CredentialCreate: credentialCreate,
  CredentialDelete: credentialDelete,
  NFTokenBurn: nftokenBurn,
  NFTokenMint: nftokenMint,
  Payment: payment,
  SetRegularKey: setRegularKey,
  TrustSet: trustSet,
};
