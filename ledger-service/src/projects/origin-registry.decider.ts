import { type CreditsImportRecorded, isOriginRegistryEvent, type OriginRegistryEvent } from '@carbon-ledger/contracts';
import { DomainError } from '../shared/domain-error.js';
import type { Decider } from '../shared/handle-command.js';

interface RecordedRange {
  readonly start: number;
  readonly end: number;
  readonly batchId: string;
  readonly importId: string;
}

/** Every range recorded from one origin registry, sorted by start (they never overlap). */
export interface OriginRegistryState {
  readonly ranges: readonly RecordedRange[];
}

export type OriginRegistryCommand = { readonly type: 'RecordImport'; readonly record: Omit<CreditsImportRecorded['data'], 'recordedAt'> };

/** The first recorded range that shares a serial with [start, end], by binary search over the sorted ranges. */
export function overlappingRange(ranges: readonly RecordedRange[], start: number, end: number): RecordedRange | undefined {
  let low = 0;
  let high = ranges.length;
  // The first range that ends at or after `start`; it overlaps when it also starts at or before `end`.
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ranges[middle]!.end < start) low = middle + 1;
    else high = middle;
  }
  const candidate = ranges[low];
  return candidate && candidate.start <= end ? candidate : undefined;
}

/**
 * The double-issuance guard across registries: a serial range of an origin registry is recorded
 * here once. One stream per origin registry, so two imports of overlapping ranges at the same
 * moment meet at its version and the second is decided again against the first.
 */
export const originRegistryDecider: Decider<OriginRegistryState, OriginRegistryCommand, OriginRegistryEvent> = {
  decide: (command, state, context) => {
    const { record } = command;
    const earlier = overlappingRange(state.ranges, record.originStart, record.originEnd);
    if (earlier) {
      throw new DomainError(
        'Conflict',
        `${record.originRegistry} serials ${record.originStart}-${record.originEnd} overlap ${earlier.start}-${earlier.end}, recorded before as batch ${earlier.batchId}`,
        { batchId: earlier.batchId, importId: earlier.importId, start: earlier.start, end: earlier.end },
      );
    }
    return [{ type: 'CreditsImportRecorded', data: { ...record, recordedAt: context.now.toISOString() } }];
  },
  evolve: (state, event) => {
    const range = { start: event.data.originStart, end: event.data.originEnd, batchId: event.data.batchId, importId: event.data.importId };
    const ranges = [...state.ranges];
    const at = ranges.findIndex((existing) => existing.start > range.start);
    ranges.splice(at === -1 ? ranges.length : at, 0, range);
    return { ranges };
  },
  initialState: () => ({ ranges: [] }),
  isEvent: isOriginRegistryEvent,
};
