import type { Migration, MigrationProvider } from 'kysely/migration';
import * as events from './2026_11_22_000000_events.js';
import * as dropEventsByType from './2026_11_22_000100_drop_events_by_type.js';
import * as groupCommit from './2026_11_22_000200_group_commit.js';
import * as appendBatchAnswersRefusals from './2026_11_25_000000_append_batch_answers_refusals.js';
import * as appendStreams from './2026_12_06_000000_append_streams.js';

export const eventStoreMigrations: MigrationProvider = {
  getMigrations: async (): Promise<Record<string, Migration>> => ({
    '2026_11_22_000000_events': events,
    '2026_11_22_000100_drop_events_by_type': dropEventsByType,
    '2026_11_22_000200_group_commit': groupCommit,
    '2026_11_25_000000_append_batch_answers_refusals': appendBatchAnswersRefusals,
    '2026_12_06_000000_append_streams': appendStreams,
  }),
};
