import { InvalidArgumentError } from '@contentrepo/core';

/** The error of a content remoteId already used by another item (Ibexa: "Content with remoteId … exists"). */
export function duplicateContentRemoteId(remoteId: string): InvalidArgumentError {
  return new InvalidArgumentError('remoteId', `Another content item with remoteId '${remoteId}' exists`);
}

/** The error of a location remoteId already used by another location. */
export function duplicateLocationRemoteId(remoteId: string): InvalidArgumentError {
  return new InvalidArgumentError('remoteId', `Another location with remoteId '${remoteId}' exists`);
}
