import { describe, expect, it } from 'vitest';
import { queryKeysOfViews } from './view-query-keys';

describe('queryKeysOfViews', () => {
  it('maps the credit views to the paths that read them', () => {
    expect(queryKeysOfViews(['credits', 'trades', 'metrics', 'marketplace'])).toEqual([
      ['api', 'credits'],
      ['api', 'trades'],
      ['api', 'metrics'],
      ['api', 'marketplace'],
    ]);
  });

  it('refreshes the retirement analytics with the retirements', () => {
    expect(queryKeysOfViews(['retirements'])).toEqual([
      ['api', 'retirements'],
      ['api', 'enhanced-retirement'],
    ]);
  });

  it('refreshes the proof of reserves when the vault moves', () => {
    expect(queryKeysOfViews(['vault'])).toEqual([['api', 'xrpl', 'reserves']]);
  });

  it('ignores views it does not know', () => {
    expect(queryKeysOfViews(['no-such-view'])).toEqual([]);
  });
});
