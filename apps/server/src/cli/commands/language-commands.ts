import { languageDisplayName } from '@contentrepo/core';
import type { CommandAction, CommandGroup } from '../cli-program.js';

/**
 * `language:add <code>`: adds a content language through the language service (acting as `--as`, which needs
 * `content/translations`): the code's format (`xxx-XX`), its uniqueness and the limit of 30 languages are checked
 * there. The name defaults to the code's English display name (`ger-DE` → `German (Germany)`).
 */
const addLanguage: CommandAction = async (context, args, options) => {
  const languageCode = String(args[0]);
  const { repository } = await context.openRepository();
  const name = typeof options['name'] === 'string' ? options['name'] : languageDisplayName(languageCode);
  const language = await repository.languageService.createLanguage({ languageCode, name, enabled: options['disabled'] !== true });
  context.out.result(
    { language: { id: language.id, languageCode: language.languageCode, name: language.name, enabled: language.enabled } },
    `Added the language ${language.languageCode} '${language.name}' (id ${language.id}${language.enabled ? '' : ', disabled'})`,
  );
};

/** `language:add`. */
export const languageCommands: CommandGroup = (program, wrap) => {
  program
    .command('language:add')
    .description('add a content language')
    .argument('<code>', 'language code, e.g. ger-DE')
    .option('--name <name>', 'display name (default: derived from the code)')
    .option('--disabled', 'add it disabled')
    .action(wrap(addLanguage));
};
