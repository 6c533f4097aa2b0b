import { accountReserve } from '../../ledger/view.js';
import { tf } from '../../protocol/flags.js';
import type { JsonObject } from '../../protocol/json.js';
import { accountKey } from '../../protocol/keylets.js';
import type { Transactor } from '../transactor.js';
import { findToken, insertToken, removeToken } from '../nft/nft-pages.js';
import { createNFTokenId, parseNFTokenId } from '../nft/nftoken-id.js';

const MAX_TRANSFER_FEE = 50_000;
const MAX_URI_BYTES = 256;

export const nftokenMint: Transactor = {
  allowedFlags: tf.burnable | tf.onlyXRP | tf.transferable | tf.mutable,

  preflight(tx) {
    if (tx.has('TransferFee')) {
      const fee = tx.getU32('TransferFee');
      if (fee > MAX_TRANSFER_FEE) return 'temBAD_NFTOKEN_TRANSFER_FEE';
      if (fee > 0 && (tx.getU32('Flags') & tf.transferable) === 0) return 'temMALFORMED';
    }
    if (tx.getString('Issuer') === tx.account) return 'temMALFORMED';
    const uri = tx.getString('URI');
    if (uri !== undefined && (uri.length === 0 || uri.length / 2 > MAX_URI_BYTES)) return 'temMALFORMED';
    // Minting with a sell offer (Amount/Destination/Expiration) is not supported here.
    if (tx.has('Amount') || tx.has('Destination') || tx.has('Expiration')) return 'temDISABLED';
    return 'tesSUCCESS';
  },

  preclaim({ view, tx }) {
    const issuer = tx.getString('Issuer');
    if (issuer === undefined) return 'tesSUCCESS';
    const root = view.read(accountKey(issuer));
    if (root === undefined) return 'tecNO_ISSUER';
    return root.getString('NFTokenMinter') === tx.account ? 'tesSUCCESS' : 'tecNO_PERMISSION';
  },

  doApply({ view, tx, account, priorBalance }) {
    const issuer = tx.getString('Issuer') ?? account;
    const issuerRoot = view.peek(accountKey(issuer));
    if (issuerRoot === undefined) return 'tecNO_ISSUER';
    // fixNFTokenRemint: serials continue from the sequence of the issuer's first mint.
    if (!issuerRoot.has('FirstNFTokenSequence')) {
      const sequence = issuerRoot.getU32('Sequence');
      issuerRoot.setU32('FirstNFTokenSequence', tx.has('Issuer') ? sequence : sequence - 1);
    }
    const minted = issuerRoot.getU32('MintedNFTokens');
    issuerRoot.setU32('MintedNFTokens', minted + 1);
    const serial = (issuerRoot.getU32('FirstNFTokenSequence') + minted) >>> 0;
    if (minted + 1 > 0xffffffff || serial + 1 > 0xffffffff) return 'tecMAX_SEQUENCE_REACHED';
    view.update(issuerRoot);

    const ownerCountBefore = view.read(accountKey(account))?.getU32('OwnerCount') ?? 0;
    const id = createNFTokenId(tx.getU32('Flags') & 0xffff, tx.getU32('TransferFee'), issuer, tx.getU32('NFTokenTaxon'), serial);
    const token: JsonObject = { NFTokenID: id };
    const uri = tx.getString('URI');
    if (uri !== undefined) token.URI = uri;
    const inserted = insertToken(view, account, { NFToken: token });
    if (inserted !== 'tesSUCCESS') return inserted;
    const ownerCountAfter = view.read(accountKey(account))?.getU32('OwnerCount') ?? 0;
    // The reserve is only checked when a new page was needed.
    if (ownerCountAfter > ownerCountBefore && priorBalance < accountReserve(view.fees, ownerCountAfter)) {
      return 'tecINSUFFICIENT_RESERVE';
    }
    return 'tesSUCCESS';
  },
};

const BURNABLE = 0x0001;

export const nftokenBurn: Transactor = {
  allowedFlags: 0,

  preflight() {
    return 'tesSUCCESS';
  },

  preclaim({ view, tx }) {
    const owner = tx.getString('Owner') ?? tx.account;
    const id = tx.getString('NFTokenID') ?? '';
    if (findToken(view, owner, id) === undefined) return 'tecNO_ENTRY';
    if (owner !== tx.account) {
      const parts = parseNFTokenId(id);
      if ((parts.flags & BURNABLE) === 0) return 'tecNO_PERMISSION';
      if (parts.issuer !== tx.account) {
        const issuerRoot = view.read(accountKey(parts.issuer));
        if (issuerRoot !== undefined && issuerRoot.getString('NFTokenMinter') !== tx.account) return 'tecNO_PERMISSION';
      }
    }
    return 'tesSUCCESS';
  },

  doApply({ view, tx, account }) {
    const id = tx.getString('NFTokenID') ?? '';
    const removed = removeToken(view, tx.getString('Owner') ?? account, id);
    if (removed !== 'tesSUCCESS') return removed;
    const issuerRoot = view.peek(accountKey(parseNFTokenId(id).issuer));
    if (issuerRoot !== undefined) {
      issuerRoot.setU32('BurnedNFTokens', issuerRoot.getU32('BurnedNFTokens') + 1);
      view.update(issuerRoot);
    }
    return 'tesSUCCESS';
  },
};
