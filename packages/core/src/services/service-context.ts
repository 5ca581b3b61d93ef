import type { Precondition } from '../api/services/repository.js';
import type { PermissionGuard } from './permissions/permission-guard.js';
import type { RepositoryRuntime } from './repository-runtime.js';

/** What a service operation runs with: the runtime, the acting user and its permission guard. */
export interface ServiceContext extends RepositoryRuntime {
  readonly userId: number;
  readonly guard: PermissionGuard;
  /** Conditions the next locked write checks (`underLock`), from the client's entity tags; none when absent. */
  readonly preconditions?: readonly Precondition[];
}
