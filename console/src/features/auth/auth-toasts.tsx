import type { Role, UserView } from '@carbon-ledger/contracts';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { serverMessageOf } from '../../shared/api/http';
import { showToast } from '../../shared/toast/show-toast';

// User administration is not in the spec; these texts follow the pattern of the order toasts.

function showFailure(title: string, message: string): void {
  showToast({ title, message, color: 'red', icon: <IconAlertCircle size={18} /> });
}

function showSuccess(title: string, message: string): void {
  showToast({ title, message, color: 'teal', icon: <IconCheck size={18} /> });
}

export function showUserCreatedToast(user: UserView): void {
  showSuccess('User Created', `${user.name} (${user.email}) can now sign in`);
}

export function showCreateUserFailedToast(error: unknown): void {
  showFailure('Create User Failed', serverMessageOf(error, 'Failed to create user. Please try again.'));
}

export function showRoleGrantedToast(user: UserView, role: Role): void {
  showSuccess('Role Granted', `${user.name} now has the ${role} role`);
}

export function showRoleRevokedToast(user: UserView, role: Role): void {
  showSuccess('Role Revoked', `${user.name} no longer has the ${role} role`);
}

export function showRoleChangeFailedToast(error: unknown): void {
  showFailure('Role Change Failed', serverMessageOf(error, 'Failed to change the role. Please try again.'));
}

export function showSignOutFailedToast(error: unknown): void {
  showFailure('Sign Out Failed', serverMessageOf(error, 'Failed to sign out. Please try again.'));
}
