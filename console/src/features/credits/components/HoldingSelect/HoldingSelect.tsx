import type { HoldingView } from '@carbon-ledger/contracts';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTradableHoldings } from '../../api/list-holdings';

export interface HoldingSelectProps extends Omit<SelectProps, 'data' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'> {
  /** The option's text for a holding. */
  optionLabel: (holding: HoldingView) => string;
  /** The placeholder while the account holds nothing free to use (the select is then disabled). */
  emptyPlaceholder: string;
  onChange?: (tokenId: string | null) => void;
  /** The holding chosen (undefined when none): what the form shows as available. */
  onHoldingChange?: (holding: HoldingView | undefined) => void;
}

/**
 * Picks one of the caller's batches with credits free to use. An account may hold thousands of
 * batches: the server answers a page of them, and what is typed searches them by token id or
 * project name (GET /api/credits/holdings).
 */
export function HoldingSelect({ optionLabel, emptyPlaceholder, placeholder, onChange, onHoldingChange, value, disabled, ...props }: HoldingSelectProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<HoldingView | undefined>(undefined);
  // Once a holding is chosen the input shows its label: that is no search.
  const typed = chosen && search === optionLabel(chosen) ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, 250);
  const holdings = useTradableHoldings(debounced);
  const found = holdings.data?.holdings ?? [];
  const current = value ? (found.find((holding) => holding.tokenId === value) ?? (chosen?.tokenId === value ? chosen : undefined)) : undefined;
  const listed = current && !found.some((holding) => holding.tokenId === current.tokenId) ? [current, ...found] : found;
  const holdsNothing = holdings.isSuccess && debounced === '' && found.length === 0 && !value;
  return (
    <Select
      {...props}
      value={value ?? null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered: every option it answered matches.
      filter={({ options }) => options}
      data={listed.map((holding) => ({ value: holding.tokenId, label: optionLabel(holding) }))}
      placeholder={holdsNothing ? emptyPlaceholder : placeholder}
      nothingFoundMessage={holdings.isFetching ? 'Searching…' : 'None of the credits you hold match'}
      // Until the first answer there is nothing to pick.
      disabled={disabled === true || holdsNothing || holdings.isPending}
      onChange={(tokenId) => {
        const holding = listed.find((candidate) => candidate.tokenId === tokenId);
        setChosen(holding);
        onHoldingChange?.(holding);
        onChange?.(tokenId);
      }}
    />
  );
}
