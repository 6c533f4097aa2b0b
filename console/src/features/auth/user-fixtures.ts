import type { UserView } from '@carbon-ledger/contracts';

/** Test data only; nothing in the app imports this file. */
export function aUser(overrides: Partial<UserView> = {}): UserView {
  return {
    id: '5f0c2a8e-3b7d-4e1f-9c6a-2d8b4e6f1a3c',
    email: 'trader@example.com',
    name: 'Tessa Trader',
    roles: ['trader'],
    ...overrides,
  };
}

export function anAdmin(overrides: Partial<UserView> = {}): UserView {
  return aUser({
    id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    email: 'admin@example.com',
    name: 'Ada Admin',
    roles: ['admin'],
    ...overrides,
  });
}
