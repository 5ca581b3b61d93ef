import type { Role, RoleAssignment } from '../../api/values/role.js';

/** A user's role assignments with their roles, and the user's groups, as the resolver evaluates them. */
export interface UserPermissions {
  readonly userId: number;
  readonly groupIds: readonly number[];
  readonly grants: readonly { readonly assignment: RoleAssignment; readonly role: Role }[];
}

/** One user's cached permissions; `resolved` once the load has succeeded. */
interface Entry {
  readonly expiresAt: number;
  readonly value: Promise<UserPermissions>;
  resolved?: UserPermissions;
}

/**
 * Caches {@link UserPermissions} per user for a short time so that every request does not reload roles.
 * Role and group changes made through this repository call `invalidate()`; changes announced by a change feed
 * (any node) drop entries too (see `followChanges`); otherwise other nodes see them after `ttlMs`.
 */
export class PermissionCache {
  private readonly entries = new Map<number, Entry>();

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
      const added: Entry = { expiresAt: time + this.ttlMs, value };
      this.entries.set(userId, added);
      value.then(
        (permissions) => {
          added.resolved = permissions;
        },
        () => {
          if (this.entries.get(userId) === added) this.entries.delete(userId);
        },
      );
    }
    return value;
  }

  /** Forgets one user, or everybody. */
  invalidate(userId?: number): void {
    if (userId === undefined) this.entries.clear();
    else this.entries.delete(userId);
  }

  /**
   * Forgets what a change of content item `contentId` may have changed: the permissions of that user, of every
   * user in that group (a user inherits the roles of its groups), and every load still running (whose groups are
   * not known yet).
   */
  invalidateSubject(contentId: number): void {
    for (const [userId, entry] of this.entries) {
      if (userId === contentId || entry.resolved === undefined || entry.resolved.groupIds.includes(contentId)) this.entries.delete(userId);
    }
  }
}
