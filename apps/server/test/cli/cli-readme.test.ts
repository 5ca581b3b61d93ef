import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { Command } from 'commander';
import { COMMAND_GROUPS } from '../../src/cli/commands/index.js';
import { EXIT_CODES } from '../../src/cli/cli-errors.js';

/** The README's "Command line" section (up to the next second-level heading). */
async function commandLineSection(): Promise<string> {
  const readme = await readFile(fileURLToPath(new URL('../../../../README.md', import.meta.url)), 'utf8');
  const start = readme.indexOf('\n## Command line\n');
  expect(start).toBeGreaterThan(0);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

/** The README documents what the command does: its exit codes and every command with every option. */
describe('the command line in the README', () => {
  it('lists exactly the exit codes of EXIT_CODES, with their names', async () => {
    const rows = [...(await commandLineSection()).matchAll(/^\| (\d+) \| `(\w+)` \|/gm)].map((match) => [match[2], Number(match[1])]);
    expect(rows).toEqual(Object.entries(EXIT_CODES));
  });

  it('documents every command and option', async () => {
    const section = await commandLineSection();
    const program = new Command('contentrepo');
    for (const group of COMMAND_GROUPS) group(program, () => async () => undefined);
    const walk = (command: Command, prefix: string): string[] =>
      command.commands.flatMap((sub) => [`${prefix}${sub.name()}`, ...walk(sub, `${prefix}${sub.name()} `)]);
    const names = walk(program, '');
    expect(names.length).toBeGreaterThan(8);
    for (const name of names) expect(section).toContain(`\`${name}`);
    const options = program.commands.flatMap((command) => [...command.options, ...command.commands.flatMap((sub) => sub.options)]).map((option) => option.long ?? '');
    for (const option of [...new Set(options), '--json', '--quiet', '--as']) expect(section).toContain(option);
  });
});
