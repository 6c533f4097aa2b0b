import type { PortfolioView } from '@carbon-ledger/contracts';
import { Select } from '@mantine/core';

export interface PortfolioSelectorProps {
  portfolios: readonly PortfolioView[];
  value: string | null;
  onChange: (portfolioId: string) => void;
}

export function PortfolioSelector({ portfolios, value, onChange }: PortfolioSelectorProps) {
  return (
    <Select
      aria-label="Select portfolio"
      placeholder="Select portfolio"
      data-testid="portfolio-selector"
      w={260}
      allowDeselect={false}
      data={portfolios.map((portfolio) => ({ value: portfolio.id, label: portfolio.name }))}
      value={value}
      onChange={(next) => {
        if (next) onChange(next);
      }}
    />
  );
}
