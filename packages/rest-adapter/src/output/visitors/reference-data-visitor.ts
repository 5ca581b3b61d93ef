import type { Language, Section } from '@contentrepo/core';
import { list, obj, val, type ObjectNode } from '../node.js';
import type { VisitContext } from './visit-context.js';

/** `Section` element. */
export function sectionNode(section: Section, context: VisitContext): ObjectNode {
  return obj('Section', 'Section', { href: context.hrefs.section(section.id) }, [
    val('sectionId', section.id),
    val('identifier', section.identifier),
    val('name', section.name),
  ]);
}

/** `SectionList`: full sections. */
export function sectionListNode(sections: readonly Section[], href: string, context: VisitContext): ObjectNode {
  return obj('SectionList', 'SectionList', { href }, [list('Section', sections.map((section) => sectionNode(section, context)))]);
}

/** `Language` element. */
export function languageNode(language: Language, context: VisitContext): ObjectNode {
  return obj('Language', 'Language', { href: context.hrefs.language(language.languageCode) }, [
    val('languageId', language.id),
    val('languageCode', language.languageCode),
    val('name', language.name),
  ]);
}

/** `LanguageList` element. */
export function languageListNode(languages: readonly Language[], context: VisitContext): ObjectNode {
  return obj('LanguageList', 'LanguageList', { href: context.hrefs.path('/languages') }, [
    list('Language', languages.map((language) => languageNode(language, context))),
  ]);
}
