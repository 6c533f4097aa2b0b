import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { ZodSafeParseResult } from 'zod';
import { hasActionAddress, type SignedActionSubmit, submitSignedAction, type XrplActionFormProps } from './xrpl-action-submit';
import type { XrplAction } from './xrpl-toasts';

export interface SignedActionOptions<Values, Request, Result> {
  readonly action: XrplAction;
  /** The action's mutation (`useXxxXrplCredits()`). */
  readonly mutation: { readonly mutate: SignedActionSubmit<Request, Result>['mutate']; readonly isPending: boolean };
  /** The action's request schema. */
  readonly schema: { safeParse(data: unknown): ZodSafeParseResult<Request> };
  /** The form's part of the request, made when the form is submitted; the signing address is added to it. */
  readonly fields: (values: Values) => Record<string, unknown>;
  /** Says the action went through (a toast); the seed is cleared after it. */
  readonly onSuccess: (result: Result) => void;
}

/**
 * The plumbing every signed XRPL form shares: its Mantine form, the seed (kept apart from the form's values,
 * which are what is sent), the submit through `submitSignedAction`, and the props of its `XrplActionCard` and `WalletSeedInput`.
 */
export function useSignedActionForm<Values extends object, Request, Result>(
  { xrplAddress, kycPassed, onKycRequired }: XrplActionFormProps,
  initialValues: Values,
  { action, mutation, schema, fields, onSuccess }: SignedActionOptions<Values, Request, Result>,
) {
  const form = useForm<Values>({ mode: 'controlled', initialValues });
  const [seed, setSeed] = useState('');
  const submit = (values: Values) => {
    submitSignedAction({
      action,
      xrplAddress,
      kycPassed,
      seed,
      parsed: schema.safeParse({ ...fields(values), xrplAddress: xrplAddress.trim() }),
      mutate: mutation.mutate,
      onKycRequired,
      onSuccess: (result) => {
        onSuccess(result);
        setSeed('');
      },
    });
  };
  return {
    form,
    /** Spread on `XrplActionCard`. */
    card: { action, pending: mutation.isPending, canSubmit: kycPassed && hasActionAddress(xrplAddress), onSubmit: form.onSubmit(submit) },
    /** Spread on `WalletSeedInput`. */
    seedInput: { action, value: seed, onChange: setSeed },
  };
}
