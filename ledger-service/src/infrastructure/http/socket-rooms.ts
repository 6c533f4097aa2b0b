import type { Role } from '@carbon-ledger/contracts';

/** Every signed-in socket joins the room of each of its user's roles. */
export const roleRoom = (role: Role): string => `role:${role}`;

/** Who may receive AML alerts over the socket (the same roles that read them over HTTP). */
export const AML_ALERT_ROOMS: readonly string[] = (['compliance', 'auditor', 'admin'] as const).map(roleRoom);
