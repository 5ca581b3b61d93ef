import { useEffect, useState } from 'preact/hooks';

/** What a load is at: loading, its value, or its error. */
export type Async<T> = { readonly state: 'loading' } | { readonly state: 'done'; readonly value: T } | { readonly state: 'failed'; readonly error: unknown };

/**
 * Runs `load` when `deps` change and answers its state; an answer that arrives after the deps changed again is
 * dropped. `reload` runs it again.
 */
export function useAsync<T>(load: () => Promise<T>, deps: readonly unknown[]): [Async<T>, () => void] {
  const [state, setState] = useState<Async<T>>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    setState((previous) => (previous.state === 'done' ? previous : { state: 'loading' }));
    load().then(
      (value) => current && setState({ state: 'done', value }),
      (error: unknown) => current && setState({ state: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [...deps, generation]);
  return [state, () => setGeneration((value) => value + 1)];
}
