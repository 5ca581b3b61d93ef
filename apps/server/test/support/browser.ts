import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { describe } from '@jest/globals';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from './test-server.js';

/** Where the system's Chromium may be: `CHROMIUM_PATH` first, then Debian's and other distributions' paths. */
const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * The Chromium executable the browser tests drive: `CHROMIUM_PATH` when set, else the first of Debian's
 * `/usr/bin/chromium`, `/usr/bin/chromium-browser` and `/usr/bin/google-chrome` that exists; undefined when none.
 * Nothing is ever downloaded: playwright-core only drives a browser that is already installed.
 */
export function chromiumPath(): string | undefined {
  const configured = process.env['CHROMIUM_PATH'];
  if (configured !== undefined && configured !== '') return configured;
  return CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate));
}

/**
 * Declares browser tests: a Jest `describe` when Chromium is installed; otherwise `describe.skip` with the reason
 * in the title, so the run reports a skip rather than a pass. In CI (`CI=true`, where `.ci/run` installs Chromium) a
 * missing browser is an error instead, so that CI can never pass without running them.
 */
export function describeInBrowser(title: string, body: () => void): void {
  if (chromiumPath() !== undefined) {
    describe(title, body);
    return;
  }
  if (process.env['CI'] === 'true') throw new Error('Chromium is not installed: set CHROMIUM_PATH or install Debian\'s chromium package');
  describe.skip(`${title} (skipped: Chromium is not installed; set CHROMIUM_PATH)`, body);
}

/**
 * Starts headless Chromium with the flags a closed network needs (no background connections, no component
 * updates, no sync) and a fresh profile.
 * @throws Error when no Chromium is installed (see {@link chromiumPath}).
 */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (executablePath === undefined) throw new Error('Chromium is not installed');
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

/** A test server listening on a loopback port, for a browser to load pages from. */
export interface ListeningTestServer {
  readonly server: TestServer;
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  readonly origin: string;
  /** Closes the listener, then stops the server (see {@link TestServer.stop}). */
  stop(): Promise<void>;
}

/** {@link startTestServer} (SQLite, `env` as given) listening on a free loopback port. */
export async function startListeningTestServer(env: Record<string, string> = {}): Promise<ListeningTestServer> {
  const server = await startTestServer(env);
  const listener: Server = createServer(server.app.express);
  await new Promise<void>((done) => listener.listen(0, '127.0.0.1', done));
  const { port } = listener.address() as AddressInfo;
  return {
    server,
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      listener.closeAllConnections();
      await new Promise<void>((done) => listener.close(() => done()));
      await server.stop();
    },
  };
}

/** The folder screenshots are kept in: `SCREENSHOT_DIR`, else `artifacts/screenshots` below the directory the tests run from (the repository's root) (not committed). */
export function screenshotDir(): string {
  return process.env['SCREENSHOT_DIR'] ?? resolve(process.cwd(), 'artifacts/screenshots');
}

/** Saves a full-page PNG of `page` as `<name>.png` in {@link screenshotDir}; returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const dir = screenshotDir();
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
