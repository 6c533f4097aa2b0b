import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import type { ComplianceMarketPrice } from '../../api/get-carbon-prices';
import { formatPrice, formatPriceChange, isNegativeChange } from '../../format-price';

// Flags are emoji; name the colour-emoji fonts so they are preferred over text glyphs.
const FLAG_FONTS = '"Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", sans-serif';

export interface MarketPriceCardProps {
  price: ComplianceMarketPrice;
}

export function MarketPriceCard({ price }: MarketPriceCardProps) {
  const falling = isNegativeChange(price.changePct);
  const ChangeIcon = falling ? IconArrowDownRight : IconArrowUpRight;
  const changeColor = falling ? 'red.7' : 'teal.7';
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      shadow="xs"
      data-testid="market-price-card"
      aria-label={`${price.market} price`}
    >
      <Stack gap={6}>
        <Group gap={8} wrap="nowrap">
          <Text span fz={22} lh={1} ff={FLAG_FONTS} aria-hidden>
            {price.flag}
          </Text>
          <Text fw={600} fz={{ base: 'sm', sm: 'md' }} lh={1.25}>
            {price.market}
          </Text>
        </Group>
        <Group gap={6} align="baseline" wrap="nowrap">
          <Text fz={{ base: 20, sm: 26 }} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatPrice(price.price, price.currency)}
          </Text>
          <Text fz="xs" fw={600} c="dimmed">
            {price.currency}
          </Text>
        </Group>
        <Group gap={4} c={changeColor} wrap="wrap">
          {/* The arrow gives way on phones so the change stays on one line. */}
          <Box visibleFrom="sm" display="flex" aria-hidden>
            <ChangeIcon size={16} />
          </Box>
          <Text fz={{ base: 'xs', sm: 'sm' }} fw={600} c={changeColor}>
            {formatPriceChange(price.change24h, price.currency)}
          </Text>
          <Text fz={{ base: 'xs', sm: 'sm' }} fw={600} c={changeColor}>
            ({price.changePct})
          </Text>
          <Text fz="xs" c="dimmed">
            24h
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
