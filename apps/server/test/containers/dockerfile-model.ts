import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DockerfileParser, type Instruction, type ModifiableInstruction } from 'dockerfile-ast';

/** The repository's root folder (the build context of the image and the project folder of compose.yaml). */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** The repository's `Dockerfile`. */
export const DOCKERFILE_PATH = `${REPOSITORY_ROOT}Dockerfile`;

/** One instruction of a Dockerfile, as the tests look at it. */
export interface DockerInstruction {
  /** Upper-case keyword (`RUN`, `COPY`, …). */
  readonly keyword: string;
  /** The arguments after the keyword and its flags, line continuations joined with one space. */
  readonly args: string;
  /** Its flags by name (`--from=build` → `from: 'build'`; a flag without value → `''`). */
  readonly flags: ReadonlyMap<string, string>;
  /** 1-based line of the keyword. */
  readonly line: number;
}

/** One stage of a multi-stage Dockerfile: from one `FROM` to the next. */
export interface DockerStage {
  /** Its `AS` name, or null. */
  readonly name: string | null;
  /** The base image, with the `ARG`s declared before the first `FROM` replaced by their defaults. */
  readonly image: string;
  /** Its instructions after the `FROM`. */
  readonly instructions: readonly DockerInstruction[];
}

/** A Dockerfile read into stages (see {@link readDockerfile}). */
export interface DockerfileModel {
  readonly text: string;
  /** `ARG`s before the first `FROM` with their default values. */
  readonly globalArgs: ReadonlyMap<string, string>;
  readonly stages: readonly DockerStage[];
}

const hasFlags = (instruction: Instruction): instruction is ModifiableInstruction =>
  typeof (instruction as Partial<ModifiableInstruction>).getFlags === 'function';

function toInstruction(instruction: Instruction): DockerInstruction {
  const flags = new Map<string, string>();
  if (hasFlags(instruction)) for (const flag of instruction.getFlags()) flags.set(flag.getName(), flag.getValue() ?? '');
  return {
    keyword: instruction.getKeyword().toUpperCase(),
    args: (instruction.getArgumentsContent() ?? '').replace(/\s+/g, ' ').trim(),
    flags,
    line: instruction.getRange().start.line + 1,
  };
}

/** Reads a Dockerfile (by default the repository's) with {@link parseDockerfile}. @throws Error as that does, or when unreadable. */
export function readDockerfile(path: string = DOCKERFILE_PATH): DockerfileModel {
  return parseDockerfile(readFileSync(path, 'utf8'));
}

/**
 * Parses a Dockerfile with `dockerfile-ast`, the parser of the Dockerfile language server: its global `ARG`
 * defaults and its stages with their instructions.
 *
 * @throws Error when an instruction other than `ARG` comes before the first `FROM`.
 */
export function parseDockerfile(text: string): DockerfileModel {
  const parsed = DockerfileParser.parse(text);
  const globalArgs = new Map<string, string>();
  const stages: { name: string | null; image: string; instructions: DockerInstruction[] }[] = [];
  for (const instruction of parsed.getInstructions()) {
    const keyword = instruction.getKeyword().toUpperCase();
    if (keyword === 'FROM') {
      const [image = '', , name] = (instruction.getArgumentsContent() ?? '').trim().split(/\s+/);
      const resolved = image.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (whole, variable: string) => globalArgs.get(variable) ?? whole);
      stages.push({ name: name ?? null, image: resolved, instructions: [] });
    } else if (stages.length === 0) {
      if (keyword !== 'ARG') throw new Error(`${keyword} before the first FROM (line ${instruction.getRange().start.line + 1})`);
      const [name = '', value = ''] = (instruction.getArgumentsContent() ?? '').trim().split('=', 2);
      globalArgs.set(name, value);
    } else {
      stages.at(-1)?.instructions.push(toInstruction(instruction));
    }
  }
  return { text, globalArgs, stages };
}

/** The stage the image is made of: the last one. @throws Error when the Dockerfile has no stage. */
export function finalStage(model: DockerfileModel): DockerStage {
  const stage = model.stages.at(-1);
  if (!stage) throw new Error('The Dockerfile has no FROM');
  return stage;
}

/** The instructions of a stage with a keyword. */
export function instructionsOf(stage: DockerStage, keyword: string): readonly DockerInstruction[] {
  return stage.instructions.filter((instruction) => instruction.keyword === keyword);
}

/**
 * The command of an exec-form (JSON array) `CMD`, `ENTRYPOINT` or `HEALTHCHECK … CMD`, as its words.
 *
 * @throws Error when the instruction is in shell form (not a JSON array of strings).
 */
export function execForm(instruction: DockerInstruction): readonly string[] {
  const json = instruction.keyword === 'HEALTHCHECK' ? instruction.args.replace(/^CMD\s+/, '') : instruction.args;
  let words: unknown;
  try {
    words = JSON.parse(json);
  } catch {
    throw new Error(`${instruction.keyword} on line ${instruction.line} is not in exec form (a JSON array): ${instruction.args}`);
  }
  if (!Array.isArray(words) || !words.every((word): word is string => typeof word === 'string')) {
    throw new Error(`${instruction.keyword} on line ${instruction.line} is not a JSON array of strings`);
  }
  return words;
}

/**
 * The environment a stage's `ENV` instructions set (`NAME=value` pairs; later ones win), as the image's
 * processes see it unless overridden.
 */
export function stageEnvironment(stage: DockerStage): Readonly<Record<string, string>> {
  const env: Record<string, string> = {};
  for (const instruction of instructionsOf(stage, 'ENV')) {
    for (const pair of instruction.args.split(' ')) {
      const equals = pair.indexOf('=');
      if (equals <= 0) throw new Error(`ENV on line ${instruction.line}: use NAME=value pairs, got ${pair}`);
      env[pair.slice(0, equals)] = pair.slice(equals + 1);
    }
  }
  return env;
}
