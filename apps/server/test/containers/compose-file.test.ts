import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Ajv } from 'ajv';
import { DCLinter } from 'dclint';
import { parse } from 'yaml';
import { finalStage, readDockerfile, REPOSITORY_ROOT, stageEnvironment } from './dockerfile-model.js';

/**
 * compose.yaml cannot be run here (no image can be pulled), so it is checked statically: against the Compose
 * Specification's JSON schema (the copy `dclint` ships, validated with ajv), by `dclint`'s rules (its defaults, all
 * of them), and against what the deployment needs: PostgreSQL with a health check, three server nodes of this
 * repository's image sharing files through the database and checked on /readyz, and nginx in front of them once they
 * are ready, configured (deploy/nginx.conf) for every node and for the Server-Sent Events feed.
 */

const COMPOSE_FILE = `${REPOSITORY_ROOT}compose.yaml`;
const NGINX_CONF = `${REPOSITORY_ROOT}deploy/nginx.conf`;
const SERVERS = ['server-1', 'server-2', 'server-3'] as const;

/**
 * The Compose Specification's schema, from the `dclint` package (its `schemas/compose.schema.json`), a JSON Schema
 * draft-07, ajv's default draft. Its `$schema` names draft-07 by an https URL ajv does not know, so it is left out.
 */
function composeSchema(): object {
  const require = createRequire(import.meta.url);
  const packageDir = dirname(require.resolve('dclint/package.json'));
  const schema = JSON.parse(readFileSync(join(packageDir, 'schemas', 'compose.schema.json'), 'utf8')) as Record<string, unknown>;
  expect(schema['$schema']).toMatch(/json-schema\.org\/draft-07\/schema/);
  return Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$schema'));
}

interface Service {
  readonly image?: string;
  readonly build?: { readonly context?: string };
  readonly environment?: Readonly<Record<string, string>>;
  readonly depends_on?: Readonly<Record<string, { readonly condition?: string }>>;
  readonly healthcheck?: { readonly test?: readonly string[] };
  readonly volumes?: readonly string[];
  readonly ports?: readonly string[];
}

interface ComposeFile {
  readonly services: Readonly<Record<string, Service>>;
  readonly volumes?: Readonly<Record<string, unknown>>;
}

const text = readFileSync(COMPOSE_FILE, 'utf8');
const compose = parse(text, { merge: true }) as ComposeFile;
const service = (name: string): Service => {
  const found = compose.services[name];
  if (!found) throw new Error(`compose.yaml has no service ${name}`);
  return found;
};

describe('compose.yaml', () => {
  it('is valid for the Compose Specification schema', () => {
    const validateCompose = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true }).compile(composeSchema());
    const valid = validateCompose(compose);
    expect(validateCompose.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    // The schema is really applied: an unknown service key is refused.
    expect(validateCompose({ services: { nginx: { image: 'nginx:1.28-alpine', restrat: 'always' } } })).toBe(false);
  });

  it('passes every default rule of dclint without a warning', () => {
    const linter = new DCLinter({ rules: {}, quiet: true, debug: false, exclude: [] });
    const [result] = linter.lintFiles([COMPOSE_FILE], false);
    expect(result?.messages.map((message: { readonly line: number; readonly message: string; readonly rule: string }) => `${message.line}: ${message.message} (${message.rule})`)).toEqual([]);
  });

  it('runs PostgreSQL from its official image, with a pg_isready health check and a named volume', () => {
    const postgres = service('postgres');
    expect(postgres.image).toMatch(/^postgres:\d+/);
    expect(postgres.healthcheck?.test?.slice(0, 2)).toEqual(['CMD', 'pg_isready']);
    expect(postgres.volumes).toEqual(['postgres-data:/var/lib/postgresql/data']);
    expect(Object.keys(compose.volumes ?? {})).toContain('postgres-data');
  });

  it('runs three server nodes of this repository image, one configuration, after PostgreSQL is healthy', () => {
    const servers = Object.keys(compose.services).filter((name) => service(name).build !== undefined);
    expect(servers).toEqual([...SERVERS]);
    const [first, ...others] = SERVERS.map(service);
    for (const other of others) expect(other).toEqual(first);
    expect(first?.build?.context).toBe('.');
    expect(first?.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
  });

  it('points every node at the PostgreSQL service and keeps files in the database, with one JWT secret', () => {
    const env = service('server-1').environment ?? {};
    const postgres = service('postgres').environment ?? {};
    const url = new URL((env['DATABASE_URL'] ?? '').replace(/\$\{POSTGRES_PASSWORD[^}]*\}/, 'secret'));
    expect({ protocol: url.protocol, host: url.host, user: url.username, db: url.pathname }).toEqual({
      protocol: 'postgres:',
      host: 'postgres:5432',
      user: postgres['POSTGRES_USER'],
      db: `/${postgres['POSTGRES_DB']}`,
    });
    expect(env['STORAGE']).toBe('database');
    // Required from the environment (.env): never a secret committed here, and the same for every node.
    expect(env['JWT_SECRET']).toMatch(/^\$\{JWT_SECRET:\?/);
    expect(postgres['POSTGRES_PASSWORD']).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
  });

  it('checks every node on /readyz with the script the image carries', () => {
    for (const name of SERVERS) expect(service(name).healthcheck?.test).toEqual(['CMD', 'node', 'deploy/healthcheck.mjs', '/readyz']);
  });

  it('starts nginx once every node is healthy, publishing it alone', () => {
    const nginx = service('nginx');
    expect(nginx.image).toMatch(/^nginx:\d+\.\d+/);
    expect(nginx.depends_on).toEqual(Object.fromEntries(SERVERS.map((name) => [name, { condition: 'service_healthy' }])));
    expect(nginx.volumes).toEqual(['./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro']);
    const published = Object.entries(compose.services).filter(([, each]) => each.ports !== undefined);
    expect(published.map(([name]) => name)).toEqual(['nginx']);
  });

  describe('deploy/nginx.conf', () => {
    const conf = readFileSync(NGINX_CONF, 'utf8').replace(/#.*$/gm, '');
    const port = stageEnvironment(finalStage(readDockerfile()))['PORT'];

    it('balances over every node at the port the image listens on, leaving failed nodes out for a while', () => {
      const upstream = /upstream contentrepo \{([^}]*)\}/.exec(conf)?.[1] ?? '';
      const servers = [...upstream.matchAll(/^\s*server\s+(\S+)\s+([^;]*);/gm)].map((match) => ({ address: match[1], options: match[2] }));
      expect(servers.map((server) => server.address)).toEqual(SERVERS.map((name) => `${name}:${port}`));
      for (const server of servers) expect(server.options).toMatch(/max_fails=\d+ fail_timeout=\d+s/);
      expect(conf).toMatch(/proxy_pass http:\/\/contentrepo;/);
    });

    it('passes the client host on and streams the event feed unbuffered with a long read timeout', () => {
      expect(conf).toMatch(/proxy_set_header Host \$http_host;/);
      const events = /location \/api\/ibexa\/v2\/events \{([^}]*)\}/.exec(conf)?.[1] ?? '';
      expect(events).toMatch(/proxy_buffering off;/);
      expect(events).toMatch(/proxy_read_timeout \d+h;/);
    });

    it('has balanced braces and ends every directive with a semicolon', () => {
      expect(conf.split('{').length).toBe(conf.split('}').length);
      const statements = conf
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.endsWith('{') && line !== '}');
      expect(statements.filter((line) => !line.endsWith(';'))).toEqual([]);
    });
  });
});
