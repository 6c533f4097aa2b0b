import { describe, expect, it } from 'vitest';
import { orderStatusStyle } from './order-status-style';

describe('orderStatusStyle', () => {
  it('follows the spec colours and greys out unknown statuses', () => {
    expect(orderStatusStyle('pending').color).toBe('yellow');
    expect(orderStatusStyle('completed').color).toBe('green');
    expect(orderStatusStyle('cancelled').color).toBe('red');
    expect(orderStatusStyle('expired').color).toBe('gray');
  });
});
