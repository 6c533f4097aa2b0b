import { type HoldingView, xrplTokenizePrepareRequest } from '@carbon-ledger/contracts';
import { NumberInput, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTokenizeXrplCredits } from '../../api/tokenize-xrpl-credits';
import { useSignedActionForm } from '../../use-signed-action';
import { numberOrMissing, TOKEN_ID_EXAMPLE, type XrplActionFormProps } from '../../xrpl-action-submit';
import { showCreditsTokenizedToast } from '../../xrpl-toasts';
import { WalletSeedInput, XrplActionCard } from '../XrplActionCard/XrplActionCard';

/** The token id field as a picker of the signed-in user's registry holdings gets it. */
export interface HoldingPickerField {
  readonly value: string | null;
  readonly onChange: (tokenId: string | null) => void;
  readonly error: ReactNode;
  /** The holding picked, undefined for none: the amount shows what it has available. */
  readonly onHoldingChange: (holding: HoldingView | undefined) => void;
}

export interface XrplTokenizeFormProps extends XrplActionFormProps {
  /** Renders the token id as a pick among the user's registry holdings (the screen brings the picker); without it the id is typed. */
  holdingPicker?: ((field: HoldingPickerField) => ReactNode) | undefined;
}

interface TokenizeFormValues {
  tokenId: string | null;
  amount: number | string;
}

const defaultValues: TokenizeFormValues = { tokenId: null, amount: '' };

/**
 * The service prepares a TrustSet only when the address has no NXCC trust line, which the console
 * cannot know beforehand: the seed is asked for always and says what it is for.
 */
const TRUST_LINE_SEED_NOTE = 'Used in your browser only to sign the NXCC trust line when your address has none.';

/** Vault tab: registry credits the user holds go into the platform vault; the platform pays as many NXCC to the address. */
export function XrplTokenizeForm({ holdingPicker, ...props }: XrplTokenizeFormProps) {
  const [picked, setPicked] = useState<HoldingView | undefined>(undefined);
  const { form, ...signed } = useSignedActionForm(props, defaultValues, {
    action: 'tokenize',
    mutation: useTokenizeXrplCredits(),
    schema: xrplTokenizePrepareRequest,
    fields: (values) => ({ tokenId: values.tokenId ?? undefined, amount: numberOrMissing(values.amount) }),
    onSuccess: showCreditsTokenizedToast,
  });
  const chosen = holdingPicker && form.values.tokenId ? picked : undefined;

  return (
    <XrplActionCard {...signed.card}>
      {holdingPicker ? (
        holdingPicker({
          value: form.values.tokenId,
          onChange: (tokenId) => form.setFieldValue('tokenId', tokenId),
          error: form.errors.tokenId,
          onHoldingChange: setPicked,
        })
      ) : (
        <TextInput
          label="Token ID"
          required
          placeholder={TOKEN_ID_EXAMPLE}
          description={`A batch you hold in the registry, e.g. ${TOKEN_ID_EXAMPLE}`}
          data-testid="xrpl-tokenize-token"
          value={form.values.tokenId ?? ''}
          onChange={(event) => form.setFieldValue('tokenId', event.currentTarget.value)}
        />
      )}
      <NumberInput
        label="Amount"
        required
        description={chosen ? `${chosen.tradable} available` : undefined}
        data-testid="xrpl-tokenize-amount"
        min={1}
        max={chosen?.tradable}
        step={1}
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps('amount')}
      />
      <WalletSeedInput {...signed.seedInput} label="Wallet Seed" description={TRUST_LINE_SEED_NOTE} />
    </XrplActionCard>
  );
}
