import type { PermissionGuard } from './permissions/permission-guard.js';
import type { RepositoryRuntime } from './repository-runtime.js';

/** What a service operation runs with: the runtime, the acting user and its permission guard. */
export interface ServiceContext extends RepositoryRuntime {
  readonly userId: number;
  readonly guard: PermissionGuard;
}
