import { DEFAULT_LANGUAGE, type Repository, type User, type UserGroup } from '@contentrepo/core';
import { Option } from 'commander';
import { CliError, EXIT_CODES } from '../cli-errors.js';
import type { CommandContext } from '../cli-context.js';
import type { CommandAction, CommandGroup } from '../cli-program.js';

/** The group a user is created in without `--group`: Members (content id 11 of the clean install, remote id `5f7f0bdb3381d6a461d8c29ff53d908f`). */
export const DEFAULT_USER_GROUP = '11';

/**
 * The password of `--password <value>` or, with `--password-stdin`, the first line of standard input (its line
 * break dropped), so that it never appears in the process list or the shell history.
 * @throws CliError (exit 2) when both or neither are given; (exit 6) when standard input is empty.
 */
async function readPassword(context: CommandContext, options: Readonly<Record<string, unknown>>): Promise<string> {
  const inline = options['password'];
  const fromStdin = options['passwordStdin'] === true;
  if (typeof inline === 'string' && fromStdin) throw new CliError('Give either --password or --password-stdin, not both', EXIT_CODES.usage);
  if (typeof inline === 'string') return inline;
  if (!fromStdin) throw new CliError('A password is required: --password-stdin (recommended) or --password <password>', EXIT_CODES.usage);
  const [line = ''] = (await context.readStdin()).split(/\r?\n/);
  if (line === '') throw new CliError('Standard input holds no password', EXIT_CODES.invalidInput);
  return line;
}

/** A user group by its content id (digits) or its remote id (anything else). @throws NotFoundError (exit 4) when unknown. */
function loadGroup(repository: Repository, reference: string): Promise<UserGroup> {
  return /^\d+$/.test(reference) ? repository.userService.loadUserGroup(Number(reference)) : repository.userService.loadUserGroupByRemoteId(reference);
}

/** `first_name` and `last_name` of `--name` ("Jane Q. Doe": first "Jane Q.", last "Doe"; one word is both), else the login. */
function nameFields(login: string, name: unknown): { first: string; last: string } {
  const words = typeof name === 'string' ? name.trim().split(/\s+/).filter((word) => word !== '') : [];
  if (words.length === 0) return { first: login, last: login };
  if (words.length === 1) return { first: words[0] ?? login, last: words[0] ?? login };
  return { first: words.slice(0, -1).join(' '), last: words[words.length - 1] ?? login };
}

const describeUser = (user: User, groups: readonly number[]): Record<string, unknown> => ({
  id: user.contentInfo.id,
  login: user.login,
  email: user.email,
  enabled: user.enabled,
  groups,
});

/**
 * `user:create`: creates and publishes a user (the content type `user`) in the groups of `--group` (default
 * Members) through the user service, acting as `--as` (admin): its validation (login and e-mail unique, e-mail
 * format, password rules) and permissions apply as over REST.
 */
const createUser: CommandAction = async (context, _args, options) => {
  const login = String(options['login']);
  const password = await readPassword(context, options);
  const { repository } = await context.openRepository();
  const references = (options['group'] as string[] | undefined) ?? [DEFAULT_USER_GROUP];
  const groups: UserGroup[] = [];
  for (const reference of references) groups.push(await loadGroup(repository, reference));
  const language = typeof options['language'] === 'string' ? options['language'] : (context.config().languages[0] ?? DEFAULT_LANGUAGE);
  const { first, last } = nameFields(login, options['name']);
  const user = await repository.userService.createUser(
    {
      mainLanguageCode: language,
      login,
      email: String(options['email']),
      password,
      enabled: options['disabled'] !== true,
      fields: [
        { fieldDefIdentifier: 'first_name', value: first },
        { fieldDefIdentifier: 'last_name', value: last },
      ],
    },
    groups.map((group) => group.contentInfo.id),
  );
  const groupIds = groups.map((group) => group.contentInfo.id);
  context.out.result({ user: describeUser(user, groupIds) }, `Created the user '${user.login}' (id ${user.contentInfo.id}) in the group(s) ${groupIds.join(', ')}`);
};

/** `user:password <login>`: sets a user's password through the user service (a new published version of the user). */
const setPassword: CommandAction = async (context, args, options) => {
  const login = String(args[0]);
  const password = await readPassword(context, options);
  const { repository } = await context.openRepository();
  const user = await repository.userService.loadUserByLogin(login);
  await repository.userService.updateUser(user.contentInfo.id, { password });
  context.out.result({ user: { id: user.contentInfo.id, login: user.login } }, `Changed the password of '${user.login}' (id ${user.contentInfo.id})`);
};

const passwordOptions = [
  new Option('--password <password>', 'the password (visible in the process list: prefer --password-stdin)'),
  new Option('--password-stdin', 'read the password from the first line of standard input'),
];

/** `user:create` and `user:password`. */
export const userCommands: CommandGroup = (program, wrap) => {
  const create = program
    .command('user:create')
    .description('create a user in one or more user groups')
    .requiredOption('--login <login>', 'login name (unique)')
    .requiredOption('--email <email>', 'e-mail address (unique)')
    .option('--group <group>', `user group: content id or remote id; repeat for several (default: ${DEFAULT_USER_GROUP}, Members)`, (value: string, previous: string[] | undefined) => [...(previous ?? []), value])
    .option('--name <name>', 'full name: the last word is the last name (default: the login)')
    .option('--language <code>', 'main language of the user content (default: the first of LANGUAGES)')
    .option('--disabled', 'create the account disabled');
  for (const option of passwordOptions) create.addOption(option);
  create.action(wrap(createUser));
  const password = program.command('user:password').description("set a user's password").argument('<login>', 'login name of the user');
  for (const option of passwordOptions) password.addOption(option);
  password.action(wrap(setPassword));
};
