import { describe, expect, it } from '@jest/globals';
import {
  BadRequestError,
  ForbiddenError,
  InvalidHrefError,
  MethodNotAllowedError,
  NotImplementedRestError,
  PayloadTooLargeError,
  RestHttpError,
  RestNotFoundError,
  RestUnauthorizedError,
} from './rest-errors.js';

describe('REST transport errors', () => {
  it.each([
    [new BadRequestError('m'), 400, 'BadRequestError'],
    [new RestUnauthorizedError('m'), 401, 'RestUnauthorizedError'],
    [new ForbiddenError('m'), 403, 'ForbiddenError'],
    [new RestNotFoundError('m'), 404, 'RestNotFoundError'],
    [new MethodNotAllowedError('m', ['GET']), 405, 'MethodNotAllowedError'],
    [new InvalidHrefError('m'), 406, 'InvalidHrefError'],
    [new PayloadTooLargeError('m'), 413, 'PayloadTooLargeError'],
    [new NotImplementedRestError('m'), 501, 'NotImplementedRestError'],
  ] as const)('%s has status %i', (error, status, name) => {
    expect(error).toBeInstanceOf(RestHttpError);
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(status);
    expect(error.name).toBe(name);
    expect(error.message).toBe('m');
    expect(error.previous).toBeUndefined();
  });

  it('keeps the previous error (rendered as `Previous`) and exposes it as cause', () => {
    const inner = new InvalidHrefError('inner');
    const outer = new BadRequestError('Invalid Criterion id <X> in <AND>', inner);
    expect(outer.previous).toBe(inner);
    expect(outer.cause).toBe(inner);
  });

  it('builds the Symfony 404 and 405 messages', () => {
    expect(RestNotFoundError.route('GET', 'http://host/api/ibexa/v2/foo').message).toBe(
      'No route found for "GET http://host/api/ibexa/v2/foo"',
    );
    const error = MethodNotAllowedError.forRequest('PUT', 'http://host/api/ibexa/v2/content/sections', ['GET', 'POST']);
    expect(error.message).toBe(
      'No route found for "PUT http://host/api/ibexa/v2/content/sections": Method Not Allowed (Allow: GET, POST)',
    );
    expect(error.allowed).toEqual(['GET', 'POST']);
  });
});
