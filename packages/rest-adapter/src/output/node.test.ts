import { describe, expect, it } from '@jest/globals';
import { fieldHashNode, ftHash, hash, list, obj, ref, resolveDeferredNodes, translated, val } from './node.js';

describe('node builders', () => {
  it('drops undefined children, items and attributes so optional parts can be written inline', () => {
    const hidden: boolean = false;
    const node = obj('Location', 'Location', { href: '/x', id: undefined }, [
      val('priority', 0),
      hidden ? val('hidden', true) : undefined,
      list('Location', [undefined, ref('Location', 'Location', '/y')]),
    ]);
    expect(node).toEqual({
      kind: 'object',
      name: 'Location',
      mediaType: 'Location',
      attrs: { href: '/x' },
      children: [
        { kind: 'value', name: 'priority', value: 0, attrs: {} },
        { kind: 'list', name: 'Location', items: [{ kind: 'object', name: 'Location', mediaType: 'Location', attrs: { href: '/y' }, children: [] }] },
      ],
    });
  });

  it('builds translated strings as a hash with a `value` list', () => {
    expect(translated('names', { 'eng-GB': 'Folder', 'ger-DE': 'Ordner' })).toEqual(
      hash('names', [list('value', [val('value', 'Folder', { languageCode: 'eng-GB' }), val('value', 'Ordner', { languageCode: 'ger-DE' })])]),
    );
  });

  it('keeps field hashes as given', () => {
    expect(ftHash('fieldSettings', { a: [] })).toEqual({ kind: 'ftHash', name: 'fieldSettings', value: { a: [] } });
  });
});

describe('resolveDeferredNodes', () => {
  it('returns the very same tree when no field hash is still being computed', async () => {
    const root = obj('View', 'View', {}, [list('hits', [obj('Content', 'Content', { id: 1 }, [ftHash('fieldValue', { a: 1 })])])]);
    await expect(resolveDeferredNodes(root)).resolves.toBe(root);
  });

  it('replaces deep deferred hashes by their values and keeps the untouched branches as they were', async () => {
    const untouched = obj('Content', 'Content', { id: 1 }, [ftHash('fieldValue', 'kept')]);
    const root = obj('View', 'View', {}, [
      list('hits', [untouched, obj('Content', 'Content', { id: 2 }, [hash('field', [fieldHashNode('fieldValue', Promise.resolve({ image: 7 }))])])]),
    ]);
    const resolved = await resolveDeferredNodes(root);
    expect(resolved).not.toBe(root);
    const hits = resolved.children[0];
    expect(hits?.kind === 'list' ? hits.items[0] : undefined).toBe(untouched);
    expect(hits?.kind === 'list' ? hits.items[1] : undefined).toEqual(obj('Content', 'Content', { id: 2 }, [hash('field', [ftHash('fieldValue', { image: 7 })])]));
  });

  it('rejects with what a deferred hash failed with', async () => {
    const root = obj('Content', 'Content', {}, [list('field', [fieldHashNode('fieldValue', Promise.reject(new Error('gone')))])]);
    await expect(resolveDeferredNodes(root)).rejects.toThrow('gone');
  });
});
