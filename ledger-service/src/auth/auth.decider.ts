import { type AuthEvent, isAuthEvent, type Role } from '@carbon-ledger/contracts';
import { DomainError } from '../shared/domain-error.js';
import type { Decider } from '../shared/handle-command.js';

export type UserState = { readonly exists: false } | { readonly exists: true; readonly userId: string; readonly roles: ReadonlySet<Role> };

export const initialUserState: UserState = { exists: false };

export type UserCommand =
  | {
      readonly type: 'RegisterUser';
      readonly userId: string;
      readonly email: string;
      readonly name: string;
      readonly roles: readonly Role[];
      readonly organisation?: string;
    }
  | { readonly type: 'GrantRole'; readonly userId: string; readonly role: Role }
  | { readonly type: 'RevokeRole'; readonly userId: string; readonly role: Role; readonly requestedBy: string };

export function evolveUser(state: UserState, event: AuthEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { exists: true, userId: event.data.userId, roles: new Set() };
    case 'RoleGranted':
      return state.exists ? { ...state, roles: new Set([...state.roles, event.data.role]) } : state;
    case 'RoleRevoked':
      return state.exists ? { ...state, roles: new Set([...state.roles].filter((role) => role !== event.data.role)) } : state;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export function decideUser(command: UserCommand, state: UserState, now: Date): AuthEvent[] {
  const at = now.toISOString();
  switch (command.type) {
    case 'RegisterUser': {
      if (state.exists) throw new DomainError('Conflict', 'This user already exists');
      return [
        {
          type: 'UserRegistered',
          data: {
            userId: command.userId,
            email: command.email.toLowerCase(),
            name: command.name,
            ...(command.organisation ? { organisation: command.organisation } : {}),
            registeredAt: at,
          },
        },
        ...[...new Set(command.roles)].map((role): AuthEvent => ({ type: 'RoleGranted', data: { userId: command.userId, role, changedAt: at } })),
      ];
    }
    case 'GrantRole': {
      if (!state.exists) throw new DomainError('NotFound', 'User not found');
      if (state.roles.has(command.role)) throw new DomainError('Conflict', `The user already has the ${command.role} role`);
      return [{ type: 'RoleGranted', data: { userId: command.userId, role: command.role, changedAt: at } }];
    }
    case 'RevokeRole': {
      if (!state.exists) throw new DomainError('NotFound', 'User not found');
      if (!state.roles.has(command.role)) throw new DomainError('Conflict', `The user does not have the ${command.role} role`);
      if (command.role === 'admin' && command.requestedBy === command.userId) {
        throw new DomainError('Forbidden', 'You cannot remove your own admin role');
      }
      return [{ type: 'RoleRevoked', data: { userId: command.userId, role: command.role, changedAt: at } }];
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

/** The user stream's decider, for handleCommand. */
export const userDecider: Decider<UserState, UserCommand, AuthEvent> = {
  decide: (command, state, context) => decideUser(command, state, context.now),
  evolve: evolveUser,
  initialState: () => initialUserState,
  isEvent: isAuthEvent,
};
