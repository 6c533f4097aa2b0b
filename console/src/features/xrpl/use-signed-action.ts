import { useState } from 'react';
import type { ZodSafeParseResult } from 'zod';
import { hasActionAddress, type SignedActionSubmit, submitSignedAction, type XrplActionFormProps } from './xrpl-action-submit';
import type { XrplAction } from './xrpl-toasts';

export interface SignedActionOptions<Request, Result> extends Omit<XrplActionFormProps, 'platformIssuer'> {
  readonly action: XrplAction;
  /** The action's mutation (`useXxxXrplCredits()`). */
  readonly mutation: { readonly mutate: SignedActionSubmit<Request, Result>['mutate']; readonly isPending: boolean };
  /** The form's values checked against the action's request schema, read when the form is submitted. */
  readonly parseRequest: () => ZodSafeParseResult<Request>;
  /** Says the action went through (a toast); the seed is cleared after it. */
  readonly onSuccess: (result: Result) => void;
}

/**
 * The plumbing every signed XRPL form shares: the seed (kept apart from the form's values, which are what
 * is sent), the submit through `submitSignedAction`, and the props of its `XrplActionCard` and `WalletSeedInput`.
 */
export function useSignedAction<Request, Result>({
  action,
  xrplAddress,
  kycPassed,
  onKycRequired,
  mutation,
  parseRequest,
  onSuccess,
}: SignedActionOptions<Request, Result>) {
  const [seed, setSeed] = useState('');
  const submit = () => {
    submitSignedAction({
      action,
      xrplAddress,
      kycPassed,
      seed,
      parsed: parseRequest(),
      mutate: mutation.mutate,
      onKycRequired,
      onSuccess: (result) => {
        onSuccess(result);
        setSeed('');
      },
    });
  };
  return {
    submit,
    /** Spread on `XrplActionCard`, with `onSubmit={form.onSubmit(submit)}`. */
    card: { action, pending: mutation.isPending, canSubmit: kycPassed && hasActionAddress(xrplAddress) },
    /** Spread on `WalletSeedInput`. */
    seedInput: { action, value: seed, onChange: setSeed },
  };
}
