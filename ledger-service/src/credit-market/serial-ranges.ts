/** An inclusive run of serial numbers of one batch. */
export interface Range {
  readonly start: number;
  readonly end: number;
}

export const rangeSize = (range: Range): number => range.end - range.start + 1;
export const totalSize = (ranges: readonly Range[]): number => ranges.reduce((sum, range) => sum + rangeSize(range), 0);

/**
 * Adds ranges to a sorted, merged list (returns a new list). One pass over the list: an
 * account that bought many scattered serials holds a long list, and gains one range per trade.
 */
export function addRanges(list: readonly Range[], added: readonly Range[]): Range[] {
  const incoming = added.length > 1 ? [...added].sort((a, b) => a.start - b.start) : added;
  const merged: Range[] = [];
  let fromList = 0;
  let fromIncoming = 0;
  while (fromList < list.length || fromIncoming < incoming.length) {
    const takeList = fromIncoming >= incoming.length || (fromList < list.length && list[fromList]!.start <= incoming[fromIncoming]!.start);
    const range = takeList ? list[fromList++]! : incoming[fromIncoming++]!;
    const last = merged.at(-1);
    if (last && range.start <= last.end + 1) {
      if (range.start <= last.end) throw new Error(`serials ${range.start}-${range.end} overlap ${last.start}-${last.end}`);
      merged[merged.length - 1] = { start: last.start, end: Math.max(last.end, range.end) };
    } else {
      merged.push(range);
    }
  }
  return merged;
}

/**
 * Adds one range to a sorted, merged list in place: a binary search and at most one splice.
 * For the lists an account's trades grow one range at a time.
 */
export function insertRange(list: Range[], range: Range): void {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (list[middle]!.start <= range.start) low = middle + 1;
    else high = middle;
  }
  // list[low - 1] starts at or before the range, list[low] after it.
  const before = list[low - 1];
  const after = list[low];
  if (before && before.end >= range.start) throw new Error(`serials ${range.start}-${range.end} overlap ${before.start}-${before.end}`);
  if (after && after.start <= range.end) throw new Error(`serials ${after.start}-${after.end} overlap ${range.start}-${range.end}`);
  const joinsBefore = before !== undefined && before.end + 1 === range.start;
  const joinsAfter = after !== undefined && range.end + 1 === after.start;
  if (joinsBefore && joinsAfter) {
    list[low - 1] = { start: before.start, end: after.end };
    list.splice(low, 1);
  } else if (joinsBefore) {
    list[low - 1] = { start: before.start, end: range.end };
  } else if (joinsAfter) {
    list[low] = { start: range.start, end: after.end };
  } else {
    list.splice(low, 0, range);
  }
}

/** Removes ranges that must be held in the list (returns a new list); throws when a serial is not there. */
export function removeRanges(list: readonly Range[], removed: readonly Range[]): Range[] {
  let result = [...list];
  for (const cut of removed) {
    const next: Range[] = [];
    let covered = 0;
    for (const range of result) {
      if (range.end < cut.start || range.start > cut.end) {
        next.push(range);
        continue;
      }
      covered += Math.min(range.end, cut.end) - Math.max(range.start, cut.start) + 1;
      if (range.start < cut.start) next.push({ start: range.start, end: cut.start - 1 });
      if (range.end > cut.end) next.push({ start: cut.end + 1, end: range.end });
    }
    if (covered !== rangeSize(cut)) throw new Error(`serials ${cut.start}-${cut.end} are not all held here`);
    result = next;
  }
  return result;
}

/** The first `quantity` serials of a sorted list, lowest first. */
export function takeFirst(list: readonly Range[], quantity: number): Range[] {
  const taken: Range[] = [];
  let left = quantity;
  for (const range of list) {
    if (left === 0) break;
    const size = Math.min(left, rangeSize(range));
    taken.push({ start: range.start, end: range.start + size - 1 });
    left -= size;
  }
  return taken;
}
