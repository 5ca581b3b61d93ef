import type { VersionStatus } from '../../api/values/content.js';
import { BadStateError, type BadStateReason } from '../../errors/repository-error.js';

/** Operations on one version of a content item. */
export type VersionOperation = 'createDraft' | 'update' | 'publish' | 'delete';

/** One row of the transition table: the states an operation starts from and the state it leads to. */
export interface VersionTransition {
  readonly from: readonly VersionStatus[];
  /** New state of the version operated on; `removed` = the version no longer exists. */
  readonly to: VersionStatus | 'removed';
  /** For `createDraft`: the source version stays as it is and a new DRAFT version appears. */
  readonly createsNewVersion: boolean;
  /** Error when the version is in another state. */
  readonly refusal: { readonly reason: BadStateReason; readonly message: string };
}

/**
 * The version state machine as one table (Ibexa REST `COPY`, `PATCH`, `PUBLISH` and `DELETE` on
 * `/content/objects/{id}/versions/{no}`, and the statuses of their refusals):
 *
 * | operation   | from                       | to        | also |
 * |-------------|----------------------------|-----------|------|
 * | createDraft | DRAFT, PUBLISHED, ARCHIVED | new DRAFT | source unchanged |
 * | update      | DRAFT                      | DRAFT     | |
 * | publish     | DRAFT                      | PUBLISHED | the previously published version becomes ARCHIVED |
 * | delete      | DRAFT, ARCHIVED            | removed   | never the last remaining version |
 */
export const VERSION_TRANSITIONS: Readonly<Record<VersionOperation, VersionTransition>> = {
  createDraft: {
    from: ['DRAFT', 'PUBLISHED', 'ARCHIVED'],
    to: 'DRAFT',
    createsNewVersion: true,
    refusal: { reason: 'other', message: 'A draft cannot be created from this version' },
  },
  update: {
    from: ['DRAFT'],
    to: 'DRAFT',
    createsNewVersion: false,
    refusal: { reason: 'version.notDraft', message: 'Only versions with DRAFT status can be updated' },
  },
  publish: {
    from: ['DRAFT'],
    to: 'PUBLISHED',
    createsNewVersion: false,
    refusal: { reason: 'version.notDraft', message: 'Only versions with DRAFT status can be published' },
  },
  delete: {
    from: ['DRAFT', 'ARCHIVED'],
    to: 'removed',
    createsNewVersion: false,
    refusal: { reason: 'version.published', message: 'Versions with PUBLISHED status cannot be deleted' },
  },
};

/**
 * Checks that `operation` may run on a version in `status`.
 * @param versionCount number of versions the content item has (for the last-version rule of `delete`).
 * @throws BadStateError with the row's reason, or `version.lastVersion` when deleting the only version.
 */
export function assertVersionTransition(
  operation: VersionOperation,
  status: VersionStatus,
  versionCount: number,
): VersionTransition {
  const transition = VERSION_TRANSITIONS[operation];
  if (!transition.from.includes(status)) {
    throw new BadStateError('versionInfo', transition.refusal.message, transition.refusal.reason);
  }
  if (operation === 'delete' && versionCount <= 1) {
    throw new BadStateError(
      'versionInfo',
      'The Version is the last version of the Content item and cannot be removed',
      'version.lastVersion',
    );
  }
  return transition;
}
