import type { Role, RoleAssignment } from '../../api/values/role.js';

/** A user's role assignments with their roles, and the user's groups, as the resolver evaluates them. */
export interface UserPermissions {
  readonly userId: number;
  readonly groupIds: readonly number[];
  readonly grants: readonly { readonly assignment: RoleAssignment; readonly role: Role }[];
}

/**
 * Caches {@link UserPermissions} per user for a short time so that every request does not reload roles.
 * Role and group changes made through this repository call `invalidate()`; other nodes see them after `ttlMs`.
 */
export class PermissionCache {
  private readonly entries = new Map<number, { readonly expiresAt: number; readonly value: Promise<UserPermissions> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached permissions of `userId`, or `load()`'s result (cached unless it rejects). */
  get(userId: number, load: () => Promise<UserPermissions>): Promise<UserPermissions> {
    const entry = this.entries.get(userId);
    const time = this.now();
    if (entry && entry.expiresAt > time) return entry.value;
    const value = load();
    if (this.ttlMs > 0) {
      this.entries.set(userId, { expiresAt: time + this.ttlMs, value });
      value.catch(() => this.entries.delete(userId));
    }
    return value;
  }

  /** Forgets one user, or everybody. */
  invalidate(userId?: number): void {
    if (userId === undefined) this.entries.clear();
    else this.entries.delete(userId);
  }
}
