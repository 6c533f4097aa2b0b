import type { Role, UserView } from '@carbon-ledger/contracts';
import { serverMessageOf } from '../../shared/api/http';
import { showFailureToast, showSuccessToast } from '../../shared/toast/outcome-toasts';

// User administration has no product-defined texts; these follow the pattern of the order toasts.

export function showUserCreatedToast(user: UserView): void {
  showSuccessToast('User Created', `${user.name} (${user.email}) can now sign in`);
}

export function showCreateUserFailedToast(error: unknown): void {
  showFailureToast('Create User Failed', serverMessageOf(error, 'Failed to create user. Please try again.'));
}

export function showRoleGrantedToast(user: UserView, role: Role): void {
  showSuccessToast('Role Granted', `${user.name} now has the ${role} role`);
}

export function showRoleRevokedToast(user: UserView, role: Role): void {
  showSuccessToast('Role Revoked', `${user.name} no longer has the ${role} role`);
}

export function showRoleChangeFailedToast(error: unknown): void {
  showFailureToast('Role Change Failed', serverMessageOf(error, 'Failed to change the role. Please try again.'));
}

export function showSignOutFailedToast(error: unknown): void {
  showFailureToast('Sign Out Failed', serverMessageOf(error, 'Failed to sign out. Please try again.'));
}
