/**
 * Modules, their functions and the limitations each function accepts (Ibexa `policies.yml`). A policy may name
 * `*` as module or function; wildcard policies take no limitations.
 */
export const POLICY_MAP: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  content: {
    read: ['Class', 'Section', 'Owner', 'Group', 'Node', 'Subtree', 'State'],
    create: ['Class', 'Section', 'ParentOwner', 'ParentGroup', 'ParentClass', 'ParentDepth', 'Node', 'Subtree', 'Language', 'ChangeOwner'],
    edit: ['Class', 'Section', 'Owner', 'Group', 'Node', 'Subtree', 'Language', 'State', 'ChangeOwner'],
    publish: ['Class', 'Section', 'Owner', 'Group', 'Node', 'Subtree', 'Language', 'State'],
    remove: ['Class', 'Section', 'Owner', 'Node', 'Subtree', 'Language', 'State'],
    versionread: ['Class', 'Section', 'Owner', 'Status', 'Node', 'Subtree', 'State'],
    versionremove: ['Class', 'Section', 'Owner', 'Status', 'Node', 'Subtree', 'State'],
    manage_locations: ['Class', 'Section', 'Owner', 'Subtree', 'State'],
    hide: ['Class', 'Section', 'Owner', 'Group', 'Node', 'Subtree', 'Language'],
    view_embed: ['Class', 'Section', 'Owner', 'Node', 'Subtree'],
    diff: [],
    translate: [],
    reverserelatedlist: [],
    translations: [],
    urltranslator: [],
    pendinglist: [],
    restore: [],
    cleantrash: [],
  },
  section: { assign: ['Class', 'Section', 'Owner', 'NewSection'], edit: [], view: [] },
  state: { assign: ['Class', 'Section', 'Owner', 'Group', 'State', 'NewState'], administrate: [] },
  role: { assign: ['MemberOf', 'Role'], read: [], create: [], update: [], delete: [] },
  user: { login: ['SiteAccess'], password: [], preferences: [], register: [], selfedit: [], activation: [] },
  class: { create: [], update: [], delete: [] },
  url: { view: [], update: [] },
  setup: { administrate: [], install: [], setup: [], system_info: [] },
  setting: { update: [], remove: [] },
};

/**
 * The limitations `module/function` accepts, or undefined when the pair is unknown. `*` / `*` and `<module>` / `*`
 * exist and accept none; `*` / `<function>` does not exist.
 */
export function allowedLimitations(module: string, func: string): readonly string[] | undefined {
  if (module === '*') return func === '*' ? [] : undefined;
  const functions = Object.hasOwn(POLICY_MAP, module) ? POLICY_MAP[module] : undefined;
  if (!functions) return undefined;
  if (func === '*') return [];
  return Object.hasOwn(functions, func) ? functions[func] : undefined;
}
