import { describe, expect, it } from 'vitest';
import { anAmlAlert } from './aml-fixtures';
import { mergeAmlAlerts } from './merge-aml-alerts';

describe('mergeAmlAlerts', () => {
  it('keeps each alert once, newest first', () => {
    const older = anAmlAlert({ timestamp: '2026-11-22T09:00:00.000Z' });
    const newer = anAmlAlert({ timestamp: '2026-11-22T11:00:00.000Z' });

    expect(mergeAmlAlerts([[newer], [older, newer]]).map((alert) => alert.alertId)).toEqual([newer.alertId, older.alertId]);
  });

  it('keeps only the 10 newest', () => {
    const alerts = Array.from({ length: 14 }, (_, index) => anAmlAlert({ timestamp: `2026-11-22T10:${String(index).padStart(2, '0')}:00.000Z` }));

    const merged = mergeAmlAlerts([alerts]);

    expect(merged).toHaveLength(10);
    expect(merged[0]?.timestamp).toBe('2026-11-22T10:13:00.000Z');
  });
});
