import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { validate, ValidationSeverity, type ValidatorSettings } from 'dockerfile-utils';
import { DEFAULT_BUNDLE_FILE } from '../../src/production-bundle.js';
import { execForm, finalStage, instructionsOf, parseDockerfile, readDockerfile, REPOSITORY_ROOT, stageEnvironment, type DockerfileModel, type DockerInstruction } from './dockerfile-model.js';

/**
 * The Dockerfile cannot be built here (no image can be pulled), so it is checked statically: by `dockerfile-utils`
 * (the validator of the Dockerfile language server: syntax, flags, arguments, durations, every optional check as an
 * error), by a few best-practice rules of our own (named after the hadolint rules they follow), and against what
 * the project needs (production dependencies only, non-root, health check, the same start command as `pnpm start`).
 * The start command itself is run by image-start-command.test.ts.
 */

/** Every optional check of `dockerfile-utils` as an error. */
const STRICT: ValidatorSettings = {
  deprecatedMaintainer: ValidationSeverity.ERROR,
  directiveCasing: ValidationSeverity.ERROR,
  emptyContinuationLine: ValidationSeverity.ERROR,
  instructionCasing: ValidationSeverity.ERROR,
  instructionCmdMultiple: ValidationSeverity.ERROR,
  instructionEntrypointMultiple: ValidationSeverity.ERROR,
  instructionHealthcheckMultiple: ValidationSeverity.ERROR,
  instructionJSONInSingleQuotes: ValidationSeverity.ERROR,
  instructionWorkdirRelative: ValidationSeverity.ERROR,
};

/** A best-practice rule: the problems it finds in a Dockerfile (an empty list when it holds). */
interface LintRule {
  readonly id: string;
  check(model: DockerfileModel): string[];
}

const everyInstruction = (model: DockerfileModel): DockerInstruction[] => model.stages.flatMap((stage) => [...stage.instructions]);
const runs = (model: DockerfileModel): DockerInstruction[] => everyInstruction(model).filter((instruction) => instruction.keyword === 'RUN');
const at = (instruction: DockerInstruction): string => `line ${instruction.line}`;

/** Our rules, after hadolint's of the same number (the checks a Dockerfile for a Node service most often fails). */
const RULES: readonly LintRule[] = [
  {
    id: 'DL3006/DL3007: every base image has an explicit tag, not latest',
    check: (model) =>
      model.stages
        .filter((stage) => !model.stages.some((other) => other.name === stage.image))
        .filter((stage) => !/^[a-z0-9./_-]+:[A-Za-z0-9._-]+$/.test(stage.image) || stage.image.endsWith(':latest'))
        .map((stage) => `FROM ${stage.image}`),
  },
  {
    id: 'DL3008/DL3009/DL3015: apt-get install -y --no-install-recommends after apt-get update, lists removed in the same RUN',
    check: (model) =>
      runs(model)
        .filter((run) => run.args.includes('apt-get install'))
        .filter(
          (run) =>
            !run.args.includes('apt-get update') ||
            !/apt-get install -y --no-install-recommends /.test(run.args) ||
            !run.args.includes('rm -rf /var/lib/apt/lists/*'),
        )
        .map(at),
  },
  {
    id: 'DL3016: npm install -g pins its versions',
    check: (model) =>
      runs(model)
        .flatMap((run) => [...run.args.matchAll(/npm (?:install|i) -g ([^&;|]+)/g)].map((match) => ({ run, packages: (match[1] ?? '').trim().split(' ') })))
        .filter(({ packages }) => packages.some((name) => !/^(?:@[^/]+\/)?[^@]+@\d+\.\d+\.\d+$/.test(name)))
        .map(({ run }) => at(run)),
  },
  { id: 'DL3020: COPY, not ADD', check: (model) => everyInstruction(model).filter((instruction) => instruction.keyword === 'ADD').map(at) },
  { id: 'DL3004: no sudo', check: (model) => runs(model).filter((run) => /\bsudo\b/.test(run.args)).map(at) },
  { id: 'DL3003: WORKDIR, not cd', check: (model) => runs(model).filter((run) => /(?:^|&&|;)\s*cd\s/.test(run.args)).map(at) },
  {
    id: 'DL3025: CMD, ENTRYPOINT and HEALTHCHECK in exec form (signals reach the server, no shell in between)',
    check: (model) =>
      everyInstruction(model)
        .filter((instruction) => ['CMD', 'ENTRYPOINT', 'HEALTHCHECK'].includes(instruction.keyword))
        .filter((instruction) => {
          try {
            execForm(instruction);
            return false;
          } catch {
            return true;
          }
        })
        .map(at),
  },
  {
    id: 'DL3022: COPY --from names an earlier stage',
    check: (model) =>
      model.stages.flatMap((stage, index) =>
        instructionsOf(stage, 'COPY')
          .filter((copy) => copy.flags.has('from'))
          .filter((copy) => !model.stages.slice(0, index).some((earlier) => earlier.name === copy.flags.get('from')))
          .map(at),
      ),
  },
  {
    id: 'DL3002: the image does not run as root',
    check: (model) => {
      const user = instructionsOf(finalStage(model), 'USER').at(-1)?.args;
      return user === undefined || user === 'root' || user === '0' ? [`last USER: ${user ?? 'none'}`] : [];
    },
  },
];

/** A Dockerfile breaking each rule of {@link RULES}. */
const DOCKERFILE_WITH_EVERY_PROBLEM = `FROM node AS build
RUN apt-get install -y python3
RUN npm install -g pnpm
ADD . /app
RUN cd /app && sudo make
FROM node:latest
COPY --from=builder /app /app
HEALTHCHECK CMD node check.js
CMD node main.js
`;

describe('Dockerfile', () => {
  const model = readDockerfile();
  const runtime = finalStage(model);
  const build = model.stages[0];

  it('is valid for dockerfile-utils, with every optional check as an error', () => {
    const problems = validate(model.text, STRICT).map((diagnostic) => `line ${diagnostic.range.start.line + 1}: ${diagnostic.message}`);
    expect(problems).toEqual([]);
  });

  it('dockerfile-utils reports a broken Dockerfile (the validator is really consulted)', () => {
    const broken = model.text.replace('WORKDIR /app', 'WORKDIR app').replace('HEALTHCHECK --interval=15s', 'HEALTHCHECK --interval=15x');
    expect(validate(broken, STRICT).length).toBeGreaterThanOrEqual(2);
  });

  it.each(RULES.map((rule) => [rule.id, rule] as const))('%s', (_id, rule) => {
    expect(rule.check(model)).toEqual([]);
  });

  it('each rule finds its problem in a Dockerfile that has it', () => {
    const bad = parseDockerfile(DOCKERFILE_WITH_EVERY_PROBLEM);
    expect(RULES.filter((rule) => rule.check(bad).length === 0).map((rule) => rule.id)).toEqual([]);
  });

  it('has a build stage and a runtime stage on the same official Node image (20 or later, Debian slim)', () => {
    expect(model.stages.length).toBeGreaterThanOrEqual(2);
    expect(build?.name).toBe('build');
    expect(runtime.name).toBe('runtime');
    const match = /^node:(\d+)-bookworm-slim$/.exec(runtime.image);
    expect(match).not.toBeNull();
    expect(Number(match?.[1])).toBeGreaterThanOrEqual(20);
    expect(build?.image).toBe(runtime.image);
  });

  it('installs from the lockfile with the pnpm release of package.json and runs the build', () => {
    const manifest = JSON.parse(readFileSync(`${REPOSITORY_ROOT}package.json`, 'utf8')) as { packageManager: string };
    const buildRuns = build ? instructionsOf(build, 'RUN').map((run) => run.args) : [];
    expect(buildRuns).toContain(`npm install -g ${manifest.packageManager}`);
    expect(buildRuns.some((run) => run.includes('pnpm install --frozen-lockfile') && run.includes('pnpm build'))).toBe(true);
    // The build stage has the compiler better-sqlite3's install needs; the runtime stage installs nothing.
    expect(buildRuns.some((run) => /apt-get install .*\bpython3 make g\+\+/.test(run))).toBe(true);
    expect(instructionsOf(runtime, 'RUN').some((run) => /apt-get|npm install|pnpm install/.test(run.args))).toBe(false);
  });

  it('keeps production dependencies only: pruned in the build stage, and the runtime stage copies built files, never the sources', () => {
    const lastBuildRun = build ? instructionsOf(build, 'RUN').at(-1)?.args : undefined;
    expect(lastBuildRun).toMatch(/rm -rf node_modules .*&& pnpm install --frozen-lockfile --offline --prod$/);
    const copies = instructionsOf(runtime, 'COPY');
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) expect({ line: copy.line, from: copy.flags.get('from') }).toEqual({ line: copy.line, from: 'build' });
    const sources = copies.map((copy) => copy.args.split(' ')[0]);
    expect(sources).not.toContain('.');
    expect(sources.filter((source) => source?.includes('/src'))).toEqual([]);
  });

  it('runs as the unprivileged node user, in production mode, listening on every interface of the container', () => {
    expect(instructionsOf(runtime, 'USER').map((user) => user.args)).toEqual(['node']);
    const env = stageEnvironment(runtime);
    expect(env['NODE_ENV']).toBe('production');
    expect(env['HOST']).toBe('0.0.0.0');
    expect(instructionsOf(runtime, 'EXPOSE').map((expose) => expose.args)).toEqual([env['PORT']]);
  });

  it('keeps DATA_DIR in a volume the node user may write', () => {
    const env = stageEnvironment(runtime);
    expect(env['DATA_DIR']).toBe('/data');
    expect(instructionsOf(runtime, 'VOLUME').map((volume) => volume.args)).toEqual(['["/data"]']);
    expect(instructionsOf(runtime, 'RUN').map((run) => run.args)).toContain('mkdir -p /data && chown node:node /data');
  });

  it('checks its health with the committed Node script on /healthz (slim images have no curl)', () => {
    const [healthcheck, ...more] = instructionsOf(runtime, 'HEALTHCHECK');
    expect(more).toEqual([]);
    expect(healthcheck && execForm(healthcheck)).toEqual(['node', 'deploy/healthcheck.mjs', '/healthz']);
    expect(existsSync(`${REPOSITORY_ROOT}deploy/healthcheck.mjs`)).toBe(true);
    expect(instructionsOf(runtime, 'COPY').map((copy) => copy.args)).toContain('/app/deploy/healthcheck.mjs ./deploy/healthcheck.mjs');
  });

  it('starts with the production start command of `pnpm start` and the README, the bundle the build writes', () => {
    const [cmd, ...more] = instructionsOf(runtime, 'CMD');
    expect(more).toEqual([]);
    const command = cmd ? execForm(cmd) : [];
    expect(command).toEqual(['node', relative(REPOSITORY_ROOT, DEFAULT_BUNDLE_FILE)]);
    const manifest = JSON.parse(readFileSync(`${REPOSITORY_ROOT}package.json`, 'utf8')) as { scripts: Record<string, string> };
    expect(manifest.scripts['start']).toBe(`pnpm build && ${command.join(' ')}`);
    expect(readFileSync(`${REPOSITORY_ROOT}README.md`, 'utf8')).toContain(`\`${command.join(' ')}\``);
    expect(instructionsOf(runtime, 'ENTRYPOINT')).toEqual([]);
  });

  it('has a .dockerignore that keeps installs, builds, local data, secrets and git out of the build context', () => {
    const ignored = readFileSync(`${REPOSITORY_ROOT}.dockerignore`, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', 'var', '.env', '.git']));
    // What the build needs stays in the context.
    const needed = ['pnpm-lock.yaml', 'pnpm-workspace.yaml', '.npmrc', 'package.json', 'packages', 'apps', 'tools', 'deploy'];
    expect(ignored.filter((pattern) => needed.includes(pattern))).toEqual([]);
  });
});
