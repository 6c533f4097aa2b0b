import type { DirectTradeOfferView } from '@carbon-ledger/contracts';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { describeError } from '../../../../shared/api/http';
import { Identifier, wrapAnywhere } from '../../../../shared/components/Identifier/Identifier';
import { formatCount } from '../../../../shared/format/plural';
import { useAcceptTradeOffer } from '../../api/accept-trade-offer';
import { useTradeOffers } from '../../api/list-trade-offers';
import { useWithdrawTradeOffer } from '../../api/withdraw-trade-offer';
import { TitledCard } from '../../../../shared/components/TitledCard/TitledCard';
import { LoadMoreButton } from '../../../../shared/components/LoadMoreButton/LoadMoreButton';

const STATUS_COLORS: Record<DirectTradeOfferView['status'], string> = {
  open: 'blue',
  accepted: 'green',
  declined: 'gray',
  cancelled: 'gray',
  expired: 'orange',
};

/**
 * Direct trade offers (docs/funds.md, "Direct trades"): incoming ones can be accepted (paid with the
 * 0.5% fee from the caller's funds) or declined; outgoing ones cancelled; an expired one closed by either.
 */
export function DirectOffers() {
  const offers = useTradeOffers();
  const accept = useAcceptTradeOffer();
  const withdraw = useWithdrawTradeOffer();
  const failure = accept.error ?? withdraw.error;
  const list = (offers.data?.pages ?? []).flatMap((page) => page.offers);

  return (
    <TitledCard title="Direct offers" level={2} data-testid="direct-offers">
      {offers.error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Unable to load offers" mb="sm">
          {describeError(offers.error)}
        </Alert>
      )}
      {failure && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} mb="sm" data-testid="direct-offer-error">
          {describeError(failure)}
        </Alert>
      )}
      {offers.data && list.length === 0 && (
        <Text c="dimmed" ta="center" py="md" data-testid="direct-offers-empty">
          No direct offers.
        </Text>
      )}
      <Stack gap="xs">
        {list.map((offer) => {
          const busy = (accept.isPending && accept.variables === offer.offerId) || (withdraw.isPending && withdraw.variables?.offerId === offer.offerId);
          const open = offer.status === 'open';
          return (
            <Group key={offer.offerId} justify="space-between" data-testid="direct-offer-row" data-offer-id={offer.offerId}>
              <div style={{ minWidth: 0 }}>
                <Text fw={500} style={wrapAnywhere}>
                  {offer.direction === 'incoming' ? 'From' : 'To'}{' '}
                  <Identifier value={offer.direction === 'incoming' ? offer.sellerAccountId : offer.buyerAccountId} />
                </Text>
                <Text size="sm" c="dimmed" style={wrapAnywhere}>
                  {formatCount(offer.quantity, 'credit')} of <Identifier value={offer.tokenId} /> @ ${offer.price} · expires{' '}
                  {new Date(offer.expiresAt).toLocaleString()}
                </Text>
              </div>
              <Group gap="xs">
                <Badge color={STATUS_COLORS[offer.status]} data-testid="direct-offer-status">
                  {offer.status}
                </Badge>
                {open && offer.direction === 'incoming' && (
                  <>
                    <Button size="xs" loading={busy} onClick={() => accept.mutate(offer.offerId)}>
                      Accept
                    </Button>
                    <Button size="xs" variant="default" disabled={busy} onClick={() => withdraw.mutate({ offerId: offer.offerId, as: 'decline' })}>
                      Decline
                    </Button>
                  </>
                )}
                {(open || offer.status === 'expired') && offer.direction === 'outgoing' && (
                  <Button size="xs" variant="default" loading={busy} onClick={() => withdraw.mutate({ offerId: offer.offerId, as: 'cancel' })}>
                    Cancel
                  </Button>
                )}
                {offer.status === 'expired' && offer.direction === 'incoming' && (
                  <Button size="xs" variant="default" loading={busy} onClick={() => withdraw.mutate({ offerId: offer.offerId, as: 'cancel' })}>
                    Close
                  </Button>
                )}
              </Group>
            </Group>
          );
        })}
        <LoadMoreButton query={offers} />
      </Stack>
    </TitledCard>
  );
}
