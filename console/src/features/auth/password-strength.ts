import { assessPassword, PASSWORD_ESTIMATE_MAX_LENGTH, type PasswordAssessment, type PasswordOwner, type PasswordScore } from '@carbon-ledger/contracts';

type Estimator = (password: string) => { score: number; feedback: { warning: string | null; suggestions: string[] } };

let estimator: Promise<Estimator> | undefined;

/** The same estimator as the service (zxcvbn-ts, common dictionary, English texts), loaded on first use: its dictionary is large. */
function loadEstimator(): Promise<Estimator> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([core, common, english]) => {
      const factory = new core.ZxcvbnFactory({
        dictionary: common.dictionary,
        graphs: common.adjacencyGraphs,
        translations: english.translations,
        useLevenshteinDistance: true,
        maxLength: PASSWORD_ESTIMATE_MAX_LENGTH,
      });
      return (password) => factory.check(password);
    },
  );
  return estimator;
}

/** What the service will say about this password for this owner. */
export async function assessNewPassword(password: string, owner: PasswordOwner): Promise<PasswordAssessment> {
  const estimate = (await loadEstimator())(password);
  return assessPassword(password, owner, { score: estimate.score as PasswordScore, feedback: estimate.feedback });
}
