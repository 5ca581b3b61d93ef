import { describe, expect, it } from '@jest/globals';
import { resolveNameSchema } from './name-schema.js';

const fields = (values: Record<string, string>) => (identifier: string) => values[identifier] ?? '';

describe('resolveNameSchema', () => {
  it('takes the first non-empty alternative', () => {
    expect(resolveNameSchema('<short_name|name>', fields({ name: 'Folder', short_name: '' }))).toBe('Folder');
    expect(resolveNameSchema('<short_name|name>', fields({ name: 'Folder', short_name: 'F' }))).toBe('F');
  });

  it('keeps literal text and collapses whitespace', () => {
    expect(resolveNameSchema('<first_name> <last_name>', fields({ first_name: 'Ada', last_name: 'Lovelace' }))).toBe('Ada Lovelace');
    expect(resolveNameSchema('<first_name>  <last_name>', fields({ last_name: 'Lovelace' }))).toBe('Lovelace');
  });

  it('drops a group whose fields are all empty', () => {
    expect(resolveNameSchema('<title>( - <subtitle>)', fields({ title: 'Post' }))).toBe('Post');
    expect(resolveNameSchema('<title>( - <subtitle>)', fields({ title: 'Post', subtitle: 'Part 2' }))).toBe('Post - Part 2');
  });

  it('cuts names to 255 characters', () => {
    expect(resolveNameSchema('<name>', fields({ name: 'x'.repeat(300) }))).toHaveLength(255);
  });
});
