import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Express } from 'express';
import request from 'supertest';
import { createTestApp } from '../testing/rest-test-app.js';
import { BadRequestError } from '../http/rest-errors.js';
import { decodeBody } from './decode-body.js';
import { isWellFormed } from '@contentrepo/core';
import { assertWellFormedUrl } from './well-formed-input.js';

const PREFIX = '/api/ibexa/v2';
const VIEW_INPUT = 'application/vnd.ibexa.api.ViewInput+json';
const VIEW_INPUT_XML = 'application/vnd.ibexa.api.ViewInput+xml';
const ACCEPT = 'application/vnd.ibexa.api.View+json';

describe('well-formed Unicode checks', () => {
  it('tells lone surrogates from pairs', () => {
    expect(isWellFormed('plain ü €')).toBe(true);
    expect(isWellFormed('😀')).toBe(true);
    expect(isWellFormed('\ud800')).toBe(false);
    expect(isWellFormed('a\udc00b')).toBe(false);
    expect(isWellFormed('😀'.charAt(0))).toBe(false);
  });

  it('refuses bodies with a lone surrogate in a value or a key, and bytes that are not UTF-8', async () => {
    await expect(decodeBody(Buffer.from('{"A": {"x": "\\ud800"}}'), 'json')).rejects.toThrow(/not well-formed Unicode: '\\uD800'/);
    await expect(decodeBody(Buffer.from('{"A": {"l": [["ok", "\\udfff"]]}}'), 'json')).rejects.toBeInstanceOf(BadRequestError);
    await expect(decodeBody(Buffer.from('{"A": {"\\ud800": 1}}'), 'json')).rejects.toThrow(/key that is not well-formed/);
    await expect(decodeBody(Buffer.from('<A><x>&#xD800;</x></A>'), 'xml')).rejects.toBeInstanceOf(BadRequestError);
    await expect(decodeBody(Buffer.from([0x7b, 0x22, 0x41, 0x22, 0x3a, 0x7b, 0x22, 0x78, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d, 0x7d]), 'json')).rejects.toThrow(
      'The request body is not valid UTF-8',
    );
    await expect(decodeBody(Buffer.from('{"A": {"x": "\\ud83d\\ude00 ü"}}'), 'json')).resolves.toEqual({ x: '😀 ü' });
  });

  it('refuses percent-encoded bytes that are not UTF-8 in a URL, and takes a stray % literally', () => {
    expect(() => assertWellFormedUrl('/views/%ED%A0%80')).toThrow(BadRequestError);
    expect(() => assertWellFormedUrl('/content/objects?remoteId=%FF')).toThrow(BadRequestError);
    expect(() => assertWellFormedUrl('/content/objects?remoteId=100%')).not.toThrow();
    expect(() => assertWellFormedUrl('/content/objects?remoteId=%C3%BC%zz')).not.toThrow();
  });
});

describe('REST input that is not well-formed Unicode answers 400 with an ErrorMessage', () => {
  let app: Express;
  const postView = (body: string, contentType = VIEW_INPUT) =>
    request(app).post(`${PREFIX}/views`).set('Content-Type', contentType).set('Accept', ACCEPT).send(body);
  const viewInput = (identifier: unknown) => JSON.stringify({ ViewInput: { identifier, Query: { Filter: { ContentIdCriterion: 1 } } } });
  const error = (response: { text: string }) => JSON.parse(response.text).ErrorMessage as { errorCode: number; errorDescription: string };

  beforeAll(async () => {
    ({ app } = await createTestApp());
  });

  it('POST /views with a lone surrogate as identifier (JSON escape): 400, not 500', async () => {
    const response = await postView(viewInput('\ud800'));
    expect(response.status).toBe(400);
    expect(response.headers['location']).toBeUndefined();
    expect(error(response)).toMatchObject({ errorCode: 400, errorDescription: expect.stringContaining('\\uD800') });
  });

  it('POST /views with a lone surrogate as an XML character reference: 400', async () => {
    const xml = '<?xml version="1.0" encoding="UTF-8"?><ViewInput><identifier>&#xD800;</identifier><Query><Filter><ContentIdCriterion>1</ContentIdCriterion></Filter></Query></ViewInput>';
    const response = await postView(xml, VIEW_INPUT_XML);
    expect(response.status).toBe(400);
  });

  it('POST /views with an identifier longer than 255 characters (1 MB): 400 without a Location header', async () => {
    const response = await postView(viewInput('x'.repeat(1024 * 1024)));
    expect(response.status).toBe(400);
    expect(response.headers['location']).toBeUndefined();
    expect(error(response).errorDescription).toMatch(/1 to 255 characters/);
    expect((await postView(viewInput('x'.repeat(256)))).status).toBe(400);
    expect((await postView(viewInput('a\nb'))).status).toBe(400);
    expect((await postView(viewInput(''))).status).toBe(400);
  });

  it('POST /views with a 255-character non-ASCII identifier: 200, echoed percent-encoded', async () => {
    const identifier = `ü/${'x'.repeat(253)}`;
    const response = await postView(viewInput(identifier));
    expect(response.status).toBe(200);
    expect(response.headers['location']).toBe(`${PREFIX}/views/${encodeURIComponent(identifier)}`);
  });

  it('a URL with percent-encoded bytes that are not UTF-8: 400, in the path and in the query', async () => {
    const inPath = await request(app).get(`${PREFIX}/languages/%ED%A0%80`).set('Accept', 'application/json');
    expect(inPath.status).toBe(400);
    expect(error(inPath).errorDescription).toBe('The request URL is not valid UTF-8 once percent-decoded');
    const inQuery = await request(app).get(`${PREFIX}/content/objects?remoteId=%FF`).set('Accept', 'application/json');
    expect(inQuery.status).toBe(400);
  });
});
