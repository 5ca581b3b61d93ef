import type { Role, RoleAssignment } from '../../api/values/role.js';

/** A user's role assignments with their roles, and the user's groups, as the resolver evaluates them. */
export interface UserPermissions {
  readonly userId: number;
  readonly groupIds: readonly number[];
  readonly grants: readonly { readonly assignment: RoleAssignment; readonly role: Role }[];
}

/**
 * Caches {@link UserPermissions} per user for a short time so that every request does not reload roles.
 * Role and group changes made through this repository call `invalidate()`; changes announced by a change feed
 * (any node) drop entries too (see `followChanges`); otherwise other nodes see them after `ttlMs`.
 *
 * Only loaded values are shared, never a load in progress: a caller that misses loads for itself. A write
 * transaction checks permissions inside it, and a load started outside the transaction waits for a connection
 * (SQLite's one connection, which that transaction holds; a PostgreSQL pool that transactions waiting for its
 * locks may exhaust): awaiting such a load inside the transaction could wait forever.
 */
export class PermissionCache {
  private readonly entries = new Map<number, { readonly expiresAt: number; readonly value: UserPermissions }>();
  /** Incremented by every invalidation: a load started before one is not kept. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached permissions of `userId`, or `load()`'s result (kept once loaded, unless it rejects). */
  async get(userId: number, load: () => Promise<UserPermissions>): Promise<UserPermissions> {
    const entry = this.entries.get(userId);
    const time = this.now();
    if (entry && entry.expiresAt > time) return entry.value;
    const generation = this.generation;
    const value = await load();
    if (this.ttlMs > 0 && generation === this.generation) this.entries.set(userId, { expiresAt: time + this.ttlMs, value });
    return value;
  }

  /** Forgets one user, or everybody (also what loads in progress will load). */
  invalidate(userId?: number): void {
    this.generation++;
    if (userId === undefined) this.entries.clear();
    else this.entries.delete(userId);
  }

  /**
   * Forgets what a change of content item `contentId` may have changed: the permissions of that user, of every
   * user in that group (a user inherits the roles of its groups), and what every load still running will load
   * (its groups are not known yet).
   */
  invalidateSubject(contentId: number): void {
    this.generation++;
    for (const [userId, entry] of this.entries) {
      if (userId === contentId || entry.value.groupIds.includes(contentId)) this.entries.delete(userId);
    }
  }
}
