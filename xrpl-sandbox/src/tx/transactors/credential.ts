import type { ApplyView } from '../../ledger/apply-view.js';
import { dirInsert, dirRemove } from '../../ledger/directory.js';
import { Sle } from '../../ledger/sle.js';
import { accountReserve } from '../../ledger/view.js';
import { lsf } from '../../protocol/flags.js';
import { accountKey, credentialKey } from '../../protocol/keylets.js';
import type { Ter } from '../../protocol/ter.js';
import type { Transactor, Tx } from '../transactor.js';
import { adjustOwnerCount } from '../trust-lines.js';

const MAX_CREDENTIAL_TYPE_BYTES = 64;
const MAX_URI_BYTES = 256;

function credentialTypeProblem(tx: Tx): Ter | undefined {
  const type = tx.getString('CredentialType');
  if (type === undefined || type.length === 0 || type.length / 2 > MAX_CREDENTIAL_TYPE_BYTES) return 'temMALFORMED';
  return undefined;
}

function isExpired(credential: Sle, parentCloseTime: number): boolean {
  return credential.has('Expiration') && parentCloseTime > credential.getU32('Expiration');
}

/** credentials::deleteSLE: unlinks from both owner directories and releases the reserve. */
function deleteCredential(view: ApplyView, credential: Sle): Ter {
  const issuer = credential.getAccount('Issuer');
  const subject = credential.getAccount('Subject');
  const accepted = credential.isFlag(lsf.accepted);
  const unlink = (account: string, nodeField: string, owns: boolean): Ter => {
    if (!dirRemove(view, account, credential.getU64(nodeField), credential.key)) return 'tefBAD_LEDGER';
    if (owns) {
      const root = view.peek(accountKey(account));
      if (root !== undefined) adjustOwnerCount(view, root, -1);
    }
    return 'tesSUCCESS';
  };
  const fromIssuer = unlink(issuer, 'IssuerNode', !accepted || issuer === subject);
  if (fromIssuer !== 'tesSUCCESS') return fromIssuer;
  if (issuer !== subject) {
    const fromSubject = unlink(subject, 'SubjectNode', accepted);
    if (fromSubject !== 'tesSUCCESS') return fromSubject;
  }
  view.erase(credential);
  return 'tesSUCCESS';
}

export const credentialCreate: Transactor = {
  allowedFlags: 0,

  preflight(tx) {
    if (!tx.has('Subject')) return 'temMALFORMED';
    const uri = tx.getString('URI');
    if (uri !== undefined && (uri.length === 0 || uri.length / 2 > MAX_URI_BYTES)) return 'temMALFORMED';
    return credentialTypeProblem(tx) ?? 'tesSUCCESS';
  },

  preclaim({ view, tx }) {
    const subject = tx.getAccount('Subject');
    if (view.read(accountKey(subject)) === undefined) return 'tecNO_TARGET';
    const key = credentialKey(subject, tx.account, tx.getString('CredentialType') ?? '');
    return view.read(key) === undefined ? 'tesSUCCESS' : 'tecDUPLICATE';
  },

  doApply({ view, tx, account, priorBalance }) {
    const subject = tx.getAccount('Subject');
    const type = tx.getString('CredentialType') ?? '';
    const credential = Sle.create('Credential', credentialKey(subject, account, type));
    if (tx.has('Expiration')) {
      if (view.info.parentCloseTime > tx.getU32('Expiration')) return 'tecEXPIRED';
      credential.setU32('Expiration', tx.getU32('Expiration'));
    }
    const issuerRoot = view.peek(accountKey(account));
    if (issuerRoot === undefined) return 'tefINTERNAL';
    if (priorBalance < accountReserve(view.fees, issuerRoot.getU32('OwnerCount') + 1)) return 'tecINSUFFICIENT_RESERVE';
    credential.set('Subject', subject);
    credential.set('Issuer', account);
    credential.set('CredentialType', type);
    const uri = tx.getString('URI');
    if (uri !== undefined) credential.set('URI', uri);
    const issuerPage = dirInsert(view, account, credential.key);
    if (issuerPage === undefined) return 'tecDIR_FULL';
    credential.setU64('IssuerNode', issuerPage);
    adjustOwnerCount(view, issuerRoot, 1);
    if (subject === account) {
      credential.flags = lsf.accepted;
    } else {
      const subjectPage = dirInsert(view, subject, credential.key);
      if (subjectPage === undefined) return 'tecDIR_FULL';
      credential.setU64('SubjectNode', subjectPage);
    }
    view.insert(credential);
    return 'tesSUCCESS';
  },
};

export const credentialAccept: Transactor = {
  allowedFlags: 0,

  preflight(tx) {
    if (!tx.has('Issuer')) return 'temINVALID_ACCOUNT_ID';
    return credentialTypeProblem(tx) ?? 'tesSUCCESS';
  },

  preclaim({ view, tx }) {
    const issuer = tx.getAccount('Issuer');
    if (view.read(accountKey(issuer)) === undefined) return 'tecNO_ISSUER';
    const credential = view.read(credentialKey(tx.account, issuer, tx.getString('CredentialType') ?? ''));
    if (credential === undefined) return 'tecNO_ENTRY';
    return credential.isFlag(lsf.accepted) ? 'tecDUPLICATE' : 'tesSUCCESS';
  },

  doApply({ view, tx, account, priorBalance }) {
    const issuer = tx.getAccount('Issuer');
    const subjectRoot = view.peek(accountKey(account));
    const issuerRoot = view.peek(accountKey(issuer));
    if (subjectRoot === undefined || issuerRoot === undefined) return 'tefINTERNAL';
    if (priorBalance < accountReserve(view.fees, subjectRoot.getU32('OwnerCount') + 1)) return 'tecINSUFFICIENT_RESERVE';
    const credential = view.peek(credentialKey(account, issuer, tx.getString('CredentialType') ?? ''));
    if (credential === undefined) return 'tecNO_ENTRY';
    if (isExpired(credential, view.info.parentCloseTime)) {
      const deleted = deleteCredential(view, credential);
      return deleted === 'tesSUCCESS' ? 'tecEXPIRED' : deleted;
    }
    credential.flags = lsf.accepted;
    view.update(credential);
    adjustOwnerCount(view, issuerRoot, -1);
    adjustOwnerCount(view, subjectRoot, 1);
    return 'tesSUCCESS';
  },
};

export const credentialDelete: Transactor = {
  allowedFlags: 0,

  preflight(tx) {
    if (!tx.has('Subject') && !tx.has('Issuer')) return 'temMALFORMED';
    return credentialTypeProblem(tx) ?? 'tesSUCCESS';
  },

  preclaim({ view, tx }) {
    const subject = tx.getString('Subject') ?? tx.account;
    const issuer = tx.getString('Issuer') ?? tx.account;
    return view.read(credentialKey(subject, issuer, tx.getString('CredentialType') ?? '')) === undefined ? 'tecNO_ENTRY' : 'tesSUCCESS';
  },

  doApply({ view, tx, account }) {
    const subject = tx.getString('Subject') ?? account;
    const issuer = tx.getString('Issuer') ?? account;
    const credential = view.peek(credentialKey(subject, issuer, tx.getString('CredentialType') ?? ''));
    if (credential === undefined) return 'tecNO_ENTRY';
    // Only the subject or issuer may delete a live credential; anyone may delete an expired one.
    if (account !== subject && account !== issuer && !isExpired(credential, view.info.parentCloseTime)) {
      return 'tecNO_PERMISSION';
    }
    return deleteCredential(view, credential);
  },
};
