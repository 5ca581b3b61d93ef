import { describe, expect, it } from '@jest/globals';
import express, { type ErrorRequestHandler } from 'express';
import request from 'supertest';
import { lazyHandler, type BuiltHandler } from './lazy-handler.js';

/** An app serving `handler` at `/lazy`, answering 500 with the error's message when it fails. */
function appWith(handle: express.RequestHandler): express.Express {
  const app = express();
  app.use('/lazy', handle);
  const onError: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
    res.status(500).send(error instanceof Error ? error.message : 'error');
  };
  app.use(onError);
  return app;
}

describe('lazyHandler', () => {
  it('builds the handler once, on the first request, for every request after it', async () => {
    let builds = 0;
    const lazy = lazyHandler(() => {
      builds += 1;
      return Promise.resolve({ handle: (req, res) => void res.send(`built ${builds}: ${req.path}`) });
    });
    const app = appWith(lazy.handle);
    expect(builds).toBe(0);
    const answers = await Promise.all([request(app).get('/lazy/a'), request(app).get('/lazy/b')]);
    expect(answers.map((answer) => answer.text)).toEqual(['built 1: /a', 'built 1: /b']);
    expect((await request(app).get('/lazy/c')).text).toBe('built 1: /c');
    expect(builds).toBe(1);
  });

  it('answers the error of a failed build and builds again on the next request', async () => {
    let builds = 0;
    const lazy = lazyHandler(() => {
      builds += 1;
      return builds === 1 ? Promise.reject(new Error('not yet')) : Promise.resolve({ handle: (_req, res) => void res.send('ok') });
    });
    const app = appWith(lazy.handle);
    const failed = await request(app).get('/lazy');
    expect([failed.status, failed.text]).toEqual([500, 'not yet']);
    const answered = await request(app).get('/lazy');
    expect([answered.status, answered.text]).toEqual([200, 'ok']);
  });

  it('stops the handler only when a request built it', async () => {
    const stopped: string[] = [];
    const build = (): Promise<BuiltHandler> => Promise.resolve({ handle: (_req, res) => void res.send('ok'), stop: () => Promise.resolve(void stopped.push('stopped')) });
    const unused = lazyHandler(build);
    await unused.stop();
    expect(stopped).toEqual([]);
    const used = lazyHandler(build);
    await request(appWith(used.handle)).get('/lazy').expect(200);
    await used.stop();
    expect(stopped).toEqual(['stopped']);
  });
});
