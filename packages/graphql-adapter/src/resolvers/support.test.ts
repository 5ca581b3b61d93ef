import { ContentFieldValidationError, NotFoundError } from '@contentrepo/core';
import { describe, expect, it } from '@jest/globals';
import { GraphQLError } from 'graphql';
import { formatDate, DATE_FORMAT_CONSTANTS } from './date-format.js';
import { expandFieldErrors, toUserError } from './graphql-errors.js';
import { contentIdOfGlobalId, fromGlobalId, itemGlobalId, toGlobalId } from './global-id.js';
import { markdownToHtml } from './markdown.js';

describe("global ids (overblog's Relay encoding)", () => {
  it('encodes base64("<type>:<id>") and decodes on the first colon', () => {
    expect(itemGlobalId(64)).toBe('RG9tYWluQ29udGVudDo2NA==');
    expect(toGlobalId('FolderContent', 64)).toBe('Rm9sZGVyQ29udGVudDo2NA==');
    expect(fromGlobalId('RG9tYWluQ29udGVudDo2NA==')).toEqual({ type: 'DomainContent', id: '64' });
    expect(contentIdOfGlobalId('Rm9sZGVyQ29udGVudDo2NA==')).toBe(64);
    expect(contentIdOfGlobalId('not base64!')).toBeNull();
  });
});

describe("errors (Ibexa's GraphQL error model)", () => {
  it('maps core errors to codes and field validation to one message per failing field', () => {
    expect(toUserError(NotFoundError.content(5))?.extensions).toEqual({ code: 'NOT_FOUND' });
    const validation = new ContentFieldValidationError([
      { fieldDefinitionId: 1, fieldDefinitionIdentifier: 'name', languageCode: 'eng-GB', errors: [{ target: 'empty', message: 'Value cannot be empty' }] },
      { fieldDefinitionId: 2, fieldDefinitionIdentifier: 'title', languageCode: 'eng-GB', errors: [{ target: null, message: 'Too long' }] },
    ]);
    const error = toUserError(validation);
    expect(error).toBeInstanceOf(GraphQLError);
    const expanded = expandFieldErrors([{ message: error?.message ?? '', path: ['createFolder'], extensions: { ...error?.extensions } }]);
    expect(expanded).toEqual([
      { message: "Field 'name' failed validation: Value cannot be empty", path: ['createFolder'], extensions: { code: 'BAD_USER_INPUT', field: 'name', languageCode: 'eng-GB' } },
      { message: "Field 'title' failed validation: Too long", path: ['createFolder'], extensions: { code: 'BAD_USER_INPUT', field: 'title', languageCode: 'eng-GB' } },
    ]);
  });

  it('leaves unexpected errors to be masked', () => {
    expect(toUserError(new TypeError('boom'))).toBeNull();
  });
});

describe('DateTime.format (PHP date patterns, UTC)', () => {
  const date = new Date(Date.UTC(2024, 1, 5, 14, 3, 9));
  it.each([
    ['Y-m-d H:i:s', '2024-02-05 14:03:09'],
    ['D, d M y', 'Mon, 05 Feb 24'],
    ['l jS F Y g:i a', 'Monday 5th February 2024 2:03 pm'],
    ['\\Y\\e\\a\\r: Y', 'Year: 2024'],
    ['U', '1707141789'],
    ['N w z t L W', '1 1 35 29 1 06'],
  ])('%s', (pattern, expected) => {
    expect(formatDate(date, pattern)).toBe(expected);
  });
  it('formats the named constants', () => {
    expect(formatDate(date, DATE_FORMAT_CONSTANTS['atom'] ?? '')).toBe('2024-02-05T14:03:09+00:00');
    expect(formatDate(date, DATE_FORMAT_CONSTANTS['rfc850'] ?? '')).toBe('Monday, 05-Feb-24 14:03:09 UTC');
  });
});

describe('markdown input', () => {
  it('converts headings, paragraphs, lists, quotes, code and inline markup, escaping HTML', () => {
    expect(markdownToHtml('# Title\n\nSome **bold** and *em* and `code` and [a link](https://example.com).\n\n- one\n- two\n\n1. first\n\n> quoted\n\n```\n<x>\n```\n\n<script>')).toBe(
      '<h1>Title</h1><p>Some <strong>bold</strong> and <em>em</em> and <code>code</code> and <a href="https://example.com">a link</a>.</p>' +
        '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><blockquote><p>quoted</p></blockquote><pre><code>&lt;x&gt;</code></pre><p>&lt;script&gt;</p>',
    );
  });
});
