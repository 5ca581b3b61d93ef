import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { SignedInUser } from './api/session-api.js';

/** The signed-in user, given to every screen by the app shell. */
export const SessionContext = createContext<SignedInUser | undefined>(undefined);

/** The signed-in user. @throws Error outside the signed-in shell (a programming error). */
export function useUser(): SignedInUser {
  const user = useContext(SessionContext);
  if (user === undefined) throw new Error('No signed-in user');
  return user;
}

/** A change the tree should show (a location created, trashed or restored): the locations whose children changed, and a counter. */
export interface TreeChange {
  readonly locationIds: readonly number[];
  readonly serial: number;
}

/** Announces changes of the tree to the tree (the shell keeps the last one). */
export const TreeChangeContext = createContext<{ readonly last: TreeChange | undefined; readonly announce: (locationIds: readonly number[]) => void }>({
  last: undefined,
  announce: () => undefined,
});
