import { Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { kycStatusQueryKey } from '../../api/get-kyc-status';
import { KycVerification } from '../KycVerification/KycVerification';

export interface KycModalProps {
  opened: boolean;
  onClose: () => void;
  address?: string;
}

/** Closes on the close button or on completion; completion refetches the status (the component toasts). */
export function KycModal({ opened, onClose, address = '' }: KycModalProps) {
  const queryClient = useQueryClient();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Identity verification"
      size="lg"
      data-testid="kyc-modal"
      // Spec 2: dialogs have a title, a description and a close button labelled 'Close'.
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text fz="sm" c="dimmed" mb="md">
        Trading, issuing and retiring credits need KYC verified for your XRPL address.
      </Text>
      <KycVerification
        initialAddress={address}
        onComplete={(_result) => {
          void queryClient.refetchQueries({ queryKey: kycStatusQueryKey(address.trim()) });
          onClose();
        }}
      />
    </Modal>
  );
}
