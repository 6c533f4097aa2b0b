import type { OrderScope } from '@carbon-ledger/contracts';
import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useOrders } from '../../api/list-orders';

export function RefreshOrdersButton({ scope = 'mine' }: { scope?: OrderScope }) {
  const { refetch } = useOrders(scope);
  // Only a click shows progress; the 5 s background poll should not make the button flicker.
  const [refreshing, setRefreshing] = useState(false);

  const handleClick = async () => {
    setRefreshing(true);
    try {
      await refetch();
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <Button variant="default" leftSection={<IconRefresh size={16} />} loading={refreshing} onClick={() => void handleClick()} data-testid="orders-refresh">
      Refresh
    </Button>
  );
}
