import { Badge } from '@mantine/core';

/** Spec section 4: verified, pending, rejected, or not started (anything else). */
function badgeOf(status: string): { label: string; color: string } {
  switch (status) {
    case 'verified':
    case 'cleared':
      return { label: status, color: 'green' };
    case 'pending':
      return { label: 'pending', color: 'yellow' };
    case 'rejected':
      return { label: 'rejected', color: 'red' };
    default:
      return { label: 'not started', color: 'gray' };
  }
}

export function KycStatusBadge({ status, testId }: { status: string; testId?: string }) {
  const { label, color } = badgeOf(status);
  return (
    <Badge color={color} variant="light" data-testid={testId} data-status={status}>
      {label}
    </Badge>
  );
}
