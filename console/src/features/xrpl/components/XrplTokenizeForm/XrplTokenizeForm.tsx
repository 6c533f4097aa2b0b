import { type HoldingView, xrplTokenizePrepareRequest } from '@carbon-ledger/contracts';
import { NumberInput, Select, TextInput } from '@mantine/core';
import { useTokenizeXrplCredits } from '../../api/tokenize-xrpl-credits';
import { useSignedActionForm } from '../../use-signed-action';
import { numberOrMissing, TOKEN_ID_EXAMPLE, type XrplActionFormProps } from '../../xrpl-action-submit';
import { showCreditsTokenizedToast } from '../../xrpl-toasts';
import { WalletSeedInput, XrplActionCard } from '../XrplActionCard/XrplActionCard';

export interface XrplTokenizeFormProps extends XrplActionFormProps {
  /** The signed-in user's registry holdings; undefined while they are unknown (then the token id is typed). */
  holdings?: readonly HoldingView[] | undefined;
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
export function XrplTokenizeForm({ holdings, ...props }: XrplTokenizeFormProps) {
  const held = holdings?.filter((holding) => holding.tradable > 0);
  const { form, ...signed } = useSignedActionForm(props, defaultValues, {
    action: 'tokenize',
    mutation: useTokenizeXrplCredits(),
    schema: xrplTokenizePrepareRequest,
    fields: (values) => ({ tokenId: values.tokenId ?? undefined, amount: numberOrMissing(values.amount) }),
    onSuccess: showCreditsTokenizedToast,
  });
  const chosen = held?.find((holding) => holding.tokenId === form.values.tokenId);

  return (
    <XrplActionCard {...signed.card}>
      {held ? (
        <Select
          label="Token ID"
          required
          placeholder={held.length === 0 ? 'You hold no registry credits to tokenize' : 'Choose credits you hold'}
          data-testid="xrpl-tokenize-token"
          data={held.map((holding) => ({ value: holding.tokenId, label: `${holding.tokenId} · ${holding.projectName} (${holding.tradable} available)` }))}
          disabled={held.length === 0}
          {...form.getInputProps('tokenId')}
        />
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
