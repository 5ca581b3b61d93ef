import { describe, expect, it } from '@jest/globals';
import { BadRequestError } from './rest-errors.js';
import { mediaType, negotiateOutput, parseInputType, unknownContentTypeMessage } from './media-types.js';

describe('negotiateOutput (Ibexa REST Accept negotiation)', () => {
  it.each([
    [undefined, 'xml', null],
    ['', 'xml', null],
    ['   ', 'xml', null],
    ['*/*', 'xml', null],
    ['text/html', 'xml', null],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'xml', null],
    ['application/json', 'json', null],
    ['application/xml', 'xml', null],
    ['application/vnd.ibexa.api.Content+json', 'json', 'Content'],
    ['application/vnd.ibexa.api.ContentInfo+xml', 'xml', 'ContentInfo'],
    ['application/vnd.ibexa.api.ContentInfo+json; version=1.1', 'json', 'ContentInfo'],
    ['application/vnd.ibexa.api.View+json; version=1.1', 'json', 'View'],
    ['application/vnd.ibexa.api.internal.ContentQuery+json', 'json', 'internal.ContentQuery'],
    ['application/vnd.ez.api.ContentTypeList+json', 'json', 'ContentTypeList'],
    ['application/vnd.ibexa.api.UserList+xml', 'xml', 'UserList'],
    ['application/vnd.ibexa.api.', 'xml', null],
    ['application/vnd.ibexa.api., application/json', 'json', null],
    ['nonsense', 'xml', null],
  ] as const)('Accept %p → %s, variant %p', (accept, format, variant) => {
    expect(negotiateOutput(accept)).toEqual({ format, variant });
  });

  it('sorts by q-value, highest first', () => {
    expect(negotiateOutput('application/xml;q=0.5, application/vnd.ibexa.api.Location+json;q=0.9')).toEqual({
      format: 'json',
      variant: 'Location',
    });
  });

  it('keeps header order for equal q-values', () => {
    expect(negotiateOutput('application/json;q=0.8, application/xml;q=0.8')).toEqual({ format: 'json', variant: null });
    expect(negotiateOutput('application/xml, application/json')).toEqual({ format: 'xml', variant: null });
  });

  it('drops q=0 entries', () => {
    expect(negotiateOutput('application/json;q=0, application/xml')).toEqual({ format: 'xml', variant: null });
  });

  it('lets the catch-all win when it comes first', () => {
    expect(negotiateOutput('*/*, application/json')).toEqual({ format: 'xml', variant: null });
  });

  it('takes the variant from the first acceptable type containing +, independently of the format', () => {
    expect(negotiateOutput('application/json, application/vnd.ibexa.api.Content+xml')).toEqual({ format: 'json', variant: 'Content' });
    expect(negotiateOutput('application/atom+xml, application/vnd.ibexa.api.Content+json')).toEqual({ format: 'xml', variant: null });
  });
});

describe('mediaType', () => {
  it('builds vendor media types', () => {
    expect(mediaType('ContentInfo', 'json')).toBe('application/vnd.ibexa.api.ContentInfo+json');
    expect(mediaType('ErrorMessage', 'xml')).toBe('application/vnd.ibexa.api.ErrorMessage+xml');
    expect(mediaType('Section', 'xml', 'application/vnd.ez.api.')).toBe('application/vnd.ez.api.Section+xml');
  });
});

describe('parseInputType (Ibexa REST request Content-Type)', () => {
  it('parses name and format', () => {
    expect(parseInputType('application/vnd.ibexa.api.ContentCreate+json')).toEqual({
      name: 'ContentCreate',
      format: 'json',
      version: '1.0',
      media: 'application/vnd.ibexa.api.ContentCreate',
    });
  });

  it('defaults to XML without a + suffix', () => {
    expect(parseInputType('application/vnd.ibexa.api.SectionInput')).toMatchObject({ name: 'SectionInput', format: 'xml' });
  });

  it('reads the version parameter', () => {
    expect(parseInputType('application/vnd.ibexa.api.ViewInput+json; version=1.1')).toMatchObject({
      name: 'ViewInput',
      format: 'json',
      version: '1.1',
    });
    expect(parseInputType('application/vnd.ibexa.api.ViewInput+xml; charset=UTF-8; version="1.1"')).toMatchObject({ version: '1.1' });
  });

  it('accepts the older vnd.ez.api vendor', () => {
    expect(parseInputType('application/vnd.ez.api.ContentUpdate+xml')).toMatchObject({ name: 'ContentUpdate', format: 'xml' });
  });

  it('yields an empty name for the bare prefix Ibexa 4.6 clients send on bodiless requests', () => {
    expect(parseInputType('application/vnd.ibexa.api.')).toMatchObject({ name: '', format: 'xml' });
  });

  it.each([undefined, '', '  '])('rejects a missing header (%p)', (header) => {
    expect(() => parseInputType(header)).toThrow(new BadRequestError('Missing Content-Type header in message.'));
  });

  it('rejects an unknown format suffix', () => {
    expect(() => parseInputType('application/vnd.ibexa.api.ContentCreate+yaml')).toThrow(
      new BadRequestError("Unknown format specification: 'yaml'."),
    );
  });

  it('rejects non-vendor media types such as application/json (parsed as XML, no parser)', () => {
    expect(() => parseInputType('application/json')).toThrow(
      new BadRequestError("Unknown content type specification: 'application/json (version: 1.0)'."),
    );
  });

  it('formats the unknown content type message', () => {
    expect(unknownContentTypeMessage('application/vnd.ibexa.api.Foo', '1.1')).toBe(
      "Unknown content type specification: 'application/vnd.ibexa.api.Foo (version: 1.1)'.",
    );
  });

  it('throws BadRequestError with status 400', () => {
    let caught: unknown;
    try {
      parseInputType(undefined);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(BadRequestError);
    expect(caught).toMatchObject({ status: 400 });
  });
});
