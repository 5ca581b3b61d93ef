/**
 * The pluralizer of Ibexa's GraphQL schema generator (`Ibexa\GraphQL\Schema\Domain\Pluralizer`), copied rule for rule
 * so that generated connection field names match Ibexa's: `videoes`, `sectia`, `persa`, `newses`, `bi`. Applied to
 * lower-camel names. The first matching rule wins.
 */

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);

/**
 * The plural Ibexa gives a lower-camel name: `folder` → `folders`, `gallery` → `galleries`, `day` → `days`,
 * `leaf` → `leaves`, `analysis` → `analyses`, `campus` → `campi`, `section` → `sectia`, `album` → `alba`,
 * `video` → `videoes`, `box` → `boxes`. (Ibexa's `fe` rule compares one character with `fe` and never matches.)
 */
export function pluralize(name: string): string {
  if (name.endsWith('f')) return `${name.slice(0, -1)}ves`;
  if (name.endsWith('y')) {
    // PHP substr($name, -2, 1) on a one-character name is the name itself: 'y' is not a vowel.
    const before = name.length >= 2 ? name.charAt(name.length - 2) : name;
    return VOWELS.has(before) ? `${name}s` : `${name.slice(0, -1)}ies`;
  }
  if (name.endsWith('is')) return `${name.slice(0, -2)}es`;
  if (name.endsWith('us')) return `${name.slice(0, -2)}i`;
  if (name.endsWith('on') || name.endsWith('um')) return `${name.slice(0, -2)}a`;
  if (/(s|sh|ch|x|z)$/.test(name) || name.endsWith('o')) return `${name}es`;
  return `${name}s`;
}
