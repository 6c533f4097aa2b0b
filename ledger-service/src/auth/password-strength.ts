import { assessPassword, PASSWORD_ESTIMATE_MAX_LENGTH, type PasswordAssessment, type PasswordOwner, type PasswordScore } from '@carbon-ledger/contracts';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { translations } from '@zxcvbn-ts/language-en';
import { DomainError } from '../shared/domain-error.js';

// The common-passwords and diceware dictionaries, keyboard patterns, and English feedback texts (the console uses the same).
const estimator = new ZxcvbnFactory({
  dictionary,
  graphs: adjacencyGraphs,
  translations,
  useLevenshteinDistance: true,
  maxLength: PASSWORD_ESTIMATE_MAX_LENGTH,
});

export function assessNewPassword(password: string, owner: PasswordOwner): PasswordAssessment {
  // The email and name are checked by assessPassword; as zxcvbn user inputs they made one estimate cost ~0.5 s.
  const estimate = estimator.check(password);
  return assessPassword(password, owner, { score: estimate.score as PasswordScore, feedback: estimate.feedback });
}

/** Refuses a password the policy refuses, as a validation error on the password field. */
export function assertAcceptablePassword(password: string, owner: PasswordOwner): void {
  const { reason } = assessNewPassword(password, owner);
  if (reason !== null) throw new DomainError('ValidationFailed', reason, [{ path: 'password', message: reason }]);
}
