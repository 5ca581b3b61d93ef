import type { SectionService } from '../../api/services/section-service.js';
import type { Section } from '../../api/values/section.js';
import { NotFoundError } from '../../errors/repository-error.js';
import type { ServiceContext } from '../context.js';

/** Section reads; each checks `section/view` on the section (Ibexa SectionService). */
export function createSectionService(context: ServiceContext): SectionService {
  const handler = context.persistence.sectionHandler;
  const readable = async (section: Section): Promise<Section> => {
    await context.guard.assert('section', 'view', { kind: 'section', sectionId: section.id }, { sectionId: section.id });
    return section;
  };
  return {
    async loadSections() {
      const sections = await handler.loadAll();
      const visible: Section[] = [];
      for (const section of sections) {
        if (await context.guard.canUser('section', 'view', { kind: 'section', sectionId: section.id })) visible.push(section);
      }
      return visible;
    },
    async loadSection(sectionId) {
      const section = await handler.load(sectionId);
      if (!section) throw NotFoundError.section(sectionId);
      return readable(section);
    },
    async loadSectionByIdentifier(identifier) {
      const section = await handler.loadByIdentifier(identifier);
      if (!section) throw NotFoundError.section(identifier);
      return readable(section);
    },
  };
}
