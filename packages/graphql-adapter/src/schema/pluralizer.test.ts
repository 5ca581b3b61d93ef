import { describe, expect, it } from '@jest/globals';
import { pluralize } from './pluralizer.js';

describe('pluralize (copied from Ibexa)', () => {
  it.each([
    ['leaf', 'leaves'],
    ['chef', 'cheves'],
    ['knife', 'knifes'],
    ['gallery', 'galleries'],
    ['day', 'days'],
    ['y', 'ies'],
    ['analysis', 'analyses'],
    ['campus', 'campi'],
    ['bus', 'bi'],
    ['section', 'sectia'],
    ['person', 'persa'],
    ['album', 'alba'],
    ['video', 'videoes'],
    ['photo', 'photoes'],
    ['news', 'newses'],
    ['box', 'boxes'],
    ['wish', 'wishes'],
    ['church', 'churches'],
    ['quiz', 'quizes'],
    ['folder', 'folders'],
    ['landingPage', 'landingPages'],
    ['blogPost', 'blogPosts'],
    ['image', 'images'],
    ['file', 'files'],
    ['userGroup', 'userGroups'],
    ['article', 'articles'],
  ])('%s → %s', (name, plural) => {
    expect(pluralize(name)).toBe(plural);
  });
});
