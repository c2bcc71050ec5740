import type { Role } from '@/lib/roles';
import type { IdentityStore } from '@/features/auth';
import { unavailableRoleMessage } from '@/lib/role-rules';

/**
 * Switches to an available role: it becomes the current role at once and is saved on the
 * local profile (synced later). An unavailable role fails with the spec's message.
 */
export async function switchRole(identity: IdentityStore, role: Role): Promise<void> {
  const { profile } = identity.getSnapshot();
  if (!profile.availableRoles.includes(role)) throw new Error(unavailableRoleMessage(role));
  identity.setPreferredRole(role);
  const row = identity.profileRow();
  const writer = identity.writer();
  if (row && writer && row.role !== role) {
    await writer.saveProfile({ ...row, role, updated_at: new Date().toISOString() });
  }
}
