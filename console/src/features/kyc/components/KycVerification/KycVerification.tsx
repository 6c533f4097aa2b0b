import {
  isIsoCountryCode,
  KYC_START_MIN_ADDRESS,
  kycJurisdictions,
  kycLevelLabels,
  kycLevels,
  type KycJurisdiction,
  type KycLevel,
  type VerifyKycResponse,
} from '@carbon-ledger/contracts';
import { Alert, Button, Card, Code, Group, Loader, PasswordInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconId } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { InvalidSeedError } from '../../../../shared/xrpl/seed-wallet';
import { WalletSeedMismatchError, generateBrowserWallet, proveAddressControl } from '../../address-proof';
import { useStartVerification } from '../../api/start-verification';
import { useVerifyKyc } from '../../api/verify-kyc';
import {
  showInvalidAddressToast,
  showInvalidCountryToast,
  showKycCompleteToast,
  showSeedRequiredToast,
  showSigningFailedToast,
  showStartErrorToast,
  showStartRefusedToast,
  showVerificationCancelledToast,
  showVerificationFailedToast,
  showVerifyErrorToast,
} from '../../kyc-toasts';

/** Spec section 4: setup -> persona -> processing -> complete; cancel or error returns to setup. */
export type KycStep = 'setup' | 'persona' | 'processing' | 'complete';

export interface KycVerificationProps {
  initialAddress?: string;
  /** Lets a screen show the status of the address being typed. */
  onAddressChange?: (address: string) => void;
  onComplete?: (result: VerifyKycResponse) => void;
}

interface SetupForm {
  address: string;
  // The seed never leaves this component: it signs the server's challenge here and is dropped.
  seed: string;
  jurisdiction: KycJurisdiction | null;
  level: KycLevel;
}

interface IdentityForm {
  legalName: string;
  dateOfBirth: string;
  country: string;
  documentNumber: string;
}

const emptyIdentity: IdentityForm = { legalName: '', dateOfBirth: '', country: '', documentNumber: '' };

const jurisdictionOptions = kycJurisdictions.map((value) => ({ value, label: value }));
const levelOptions = kycLevels.map((value) => ({ value, label: `${value[0]?.toUpperCase()}${value.slice(1)} (${kycLevelLabels[value]})` }));

function isKycLevel(value: string | null): value is KycLevel {
  return kycLevels.some((level) => level === value);
}

function isJurisdiction(value: string | null): value is KycJurisdiction {
  return kycJurisdictions.some((jurisdiction) => jurisdiction === value);
}

export function KycVerification({ initialAddress = '', onAddressChange, onComplete }: KycVerificationProps) {
  const [step, setStep] = useState<KycStep>('setup');
  const [inquiryId, setInquiryId] = useState<string | null>(null);
  const [generatedSeed, setGeneratedSeed] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);
  const setup = useForm<SetupForm>({
    mode: 'controlled',
    initialValues: { address: initialAddress, seed: '', jurisdiction: null, level: 'basic' },
    onValuesChange: (values, previous) => {
      if (values.address !== previous.address) onAddressChange?.(values.address);
    },
  });
  const identity = useForm<IdentityForm>({ mode: 'controlled', initialValues: emptyIdentity });
  const address = setup.getValues().address;
  const start = useStartVerification();
  const verify = useVerifyKyc();

  async function handleGenerateWallet(): Promise<void> {
    const wallet = await generateBrowserWallet();
    setup.setValues({ address: wallet.address, seed: wallet.seed });
    setGeneratedSeed(wallet.seed);
  }

  function backToSetup(): void {
    setStep('setup');
    setInquiryId(null);
    identity.reset();
  }

  async function handleStart({ address, seed, level, jurisdiction }: SetupForm): Promise<void> {
    const xrplAddress = address.trim();
    if (xrplAddress.length < KYC_START_MIN_ADDRESS) {
      showInvalidAddressToast();
      return;
    }
    if (!seed.trim()) {
      showSeedRequiredToast();
      return;
    }
    setSigning(true);
    let proof;
    try {
      proof = await proveAddressControl(xrplAddress, seed);
    } catch (error) {
      if (error instanceof InvalidSeedError || error instanceof WalletSeedMismatchError) showSigningFailedToast(error);
      else showStartErrorToast(error);
      return;
    } finally {
      setSigning(false);
    }
    setup.setFieldValue('seed', '');
    setGeneratedSeed(null);
    start.mutate(
      { xrplAddress, proof, kycLevel: level, ...(jurisdiction ? { jurisdiction } : {}) },
      {
        onSuccess: (response) => {
          if (!response.success) {
            showStartRefusedToast();
            return;
          }
          setInquiryId(response.inquiryId);
          setStep('persona');
        },
        onError: showStartErrorToast,
      },
    );
  }

  function handleCancel(): void {
    showVerificationCancelledToast();
    backToSetup();
  }

  function handleVerify(values: IdentityForm): void {
    if (!inquiryId) return;
    const country = values.country.trim().toUpperCase();
    if (!isIsoCountryCode(country)) {
      showInvalidCountryToast();
      return;
    }
    setStep('processing');
    verify.mutate(
      { xrplAddress: address.trim(), inquiryId, ...values, country },
      {
        onSuccess: (result) => {
          if (!result.success) {
            showVerificationFailedToast(result.error);
            backToSetup();
            return;
          }
          setStep('complete');
          showKycCompleteToast();
          onComplete?.(result);
        },
        onError: (error) => {
          showVerifyErrorToast(error);
          backToSetup();
        },
      },
    );
  }

  return (
    <Card withBorder padding="lg" radius="md" data-testid="kyc-verification" data-step={step}>
      <Group gap="xs" mb="md">
        <IconId size={20} />
        <Title order={3} size="h4">
          KYC Verification
        </Title>
      </Group>

      {step === 'setup' && (
        <form onSubmit={setup.onSubmit((values) => void handleStart(values))} noValidate>
          <Stack gap="sm">
            <TextInput label="XRPL address" placeholder="r..." {...setup.getInputProps('address')} data-testid="kyc-address" />
            <PasswordInput
              label="Wallet seed of this address"
              description="Signs the verification challenge in this browser to prove the address is yours; the seed is never sent."
              placeholder="s..."
              {...setup.getInputProps('seed')}
              autoComplete="off"
              data-testid="kyc-seed"
            />
            <Button variant="subtle" size="xs" onClick={() => void handleGenerateWallet()} data-testid="kyc-generate-wallet">
              Generate a wallet in this browser
            </Button>
            {generatedSeed && (
              <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Save this seed now" data-testid="kyc-generated-seed">
                <Text size="sm">It is shown once and stays in this browser. Whoever has it controls the address.</Text>
                <Code block>{generatedSeed}</Code>
              </Alert>
            )}
            <Select
              label="Jurisdiction (optional)"
              placeholder="Any jurisdiction"
              data={jurisdictionOptions}
              value={setup.getValues().jurisdiction}
              onChange={(value) => setup.setFieldValue('jurisdiction', isJurisdiction(value) ? value : null)}
              clearable
              data-testid="kyc-jurisdiction"
            />
            <Select
              label="KYC level"
              data={levelOptions}
              value={setup.getValues().level}
              onChange={(value) => setup.setFieldValue('level', isKycLevel(value) ? value : 'basic')}
              allowDeselect={false}
              data-testid="kyc-level"
            />
            <Button type="submit" loading={signing || start.isPending} data-testid="kyc-start">
              Start Verification
            </Button>
          </Stack>
        </form>
      )}

      {step === 'persona' && (
        <form onSubmit={identity.onSubmit(handleVerify)} data-testid="kyc-identity-form">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Identity verification for {address.trim()}
            </Text>
            <TextInput label="Legal name" required autoComplete="name" {...identity.getInputProps('legalName')} data-testid="kyc-legal-name" />
            <TextInput label="Date of birth" type="date" required {...identity.getInputProps('dateOfBirth')} data-testid="kyc-date-of-birth" />
            <TextInput label="Country (ISO code)" placeholder="GB" required maxLength={2} {...identity.getInputProps('country')} data-testid="kyc-country" />
            <TextInput label="Document number" required {...identity.getInputProps('documentNumber')} data-testid="kyc-document-number" />
            <Group justify="flex-end">
              <Button variant="default" onClick={handleCancel} data-testid="kyc-cancel">
                Cancel
              </Button>
              <Button type="submit" data-testid="kyc-submit-identity">
                Submit
              </Button>
            </Group>
          </Stack>
        </form>
      )}

      {step === 'processing' && (
        <Group gap="sm" data-testid="kyc-processing">
          <Loader size="sm" />
          <Text>Verifying identity...</Text>
        </Group>
      )}

      {step === 'complete' && (
        <Stack gap="sm" data-testid="kyc-complete">
          <Alert color="green" icon={<IconCircleCheck size={18} />} title="KYC Verification Complete">
            {address.trim()} is verified.
          </Alert>
          <Button variant="light" onClick={backToSetup}>
            Verify another address
          </Button>
        </Stack>
      )}
    </Card>
  );
}
