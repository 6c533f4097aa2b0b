import type { SuggestionPriority } from '@carbon-ledger/contracts';
import { IconAlertOctagon, IconAlertTriangle, IconArrowDownCircle, IconInfoCircle, type TablerIcon } from '@tabler/icons-react';

/** Spec 4: each priority has its own colour and icon. */
export const suggestionPriorityStyle: Readonly<Record<SuggestionPriority, { color: string; Icon: TablerIcon; label: string }>> = {
  urgent: { color: 'red', Icon: IconAlertOctagon, label: 'Urgent' },
  high: { color: 'orange', Icon: IconAlertTriangle, label: 'High' },
  medium: { color: 'yellow', Icon: IconInfoCircle, label: 'Medium' },
  low: { color: 'blue', Icon: IconArrowDownCircle, label: 'Low' },
};
