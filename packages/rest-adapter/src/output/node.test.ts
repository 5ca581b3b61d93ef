import { describe, expect, it } from '@jest/globals';
import { ftHash, hash, list, obj, ref, translated, val } from './node.js';

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
