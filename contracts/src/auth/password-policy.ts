/**
 * What a new password must be (OWASP ASVS 2.1.7): at least MIN_PASSWORD_LENGTH characters, not
 * easy to guess by an offline dictionary estimate (zxcvbn score at least MIN_PASSWORD_SCORE), and
 * not built on the account's own email or name. The server and the console run the same
 * estimator (@zxcvbn-ts with the common dictionary) and feed its result to assessPassword.
 */
export const MIN_PASSWORD_LENGTH = 12;
export const MIN_PASSWORD_SCORE = 3;
/** Characters the estimator looks at: beyond this a password is long enough, and the estimate's cost grows fast. */
export const PASSWORD_ESTIMATE_MAX_LENGTH = 72;
/** Name and email parts shorter than this are too common to refuse inside a password. */
const MIN_PERSONAL_PART = 4;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;
export const passwordScoreLabels: Readonly<Record<PasswordScore, string>> = {
  0: 'Very weak',
  1: 'Weak',
  2: 'Fair',
  3: 'Strong',
  4: 'Very strong',
};

/** The parts of zxcvbn's answer the policy reads. */
export interface PasswordEstimate {
  readonly score: PasswordScore;
  readonly feedback: { readonly warning: string | null; readonly suggestions: readonly string[] };
}

export interface PasswordOwner {
  readonly email: string;
  readonly name: string;
}

export interface PasswordAssessment {
  readonly score: PasswordScore;
  readonly acceptable: boolean;
  /** Why it is refused, as the user reads it; null when acceptable. */
  readonly reason: string | null;
}

const normalise = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** Words a password must not contain: the email, its local part, the name and each longer word of it. */
export function personalPasswordParts(owner: PasswordOwner): { email: string[]; name: string[] } {
  const email = owner.email.trim().toLowerCase();
  const local = email.split('@')[0] ?? '';
  const name = owner.name.trim();
  const keep = (parts: string[]): string[] => [...new Set(parts.map(normalise).filter((part) => part.length >= MIN_PERSONAL_PART))];
  return { email: keep([email, local, ...local.split(/[^\p{L}\p{N}]+/u)]), name: keep([name, ...name.split(/\s+/)]) };
}

export function assessPassword(password: string, owner: PasswordOwner, estimate: PasswordEstimate): PasswordAssessment {
  const refuse = (reason: string): PasswordAssessment => ({ score: Math.min(estimate.score, 1) as PasswordScore, acceptable: false, reason });
  if (password.length < MIN_PASSWORD_LENGTH) return refuse(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  const flat = normalise(password);
  const parts = personalPasswordParts(owner);
  if (parts.email.some((part) => flat.includes(part))) return refuse('Password must not contain your email address');
  if (parts.name.some((part) => flat.includes(part))) return refuse('Password must not contain your name');
  if (estimate.score < MIN_PASSWORD_SCORE) {
    const why = estimate.feedback.warning ?? estimate.feedback.suggestions[0] ?? 'Add more words or characters.';
    return { score: estimate.score, acceptable: false, reason: `Password is too easy to guess. ${why}` };
  }
  return { score: estimate.score, acceptable: true, reason: null };
}
