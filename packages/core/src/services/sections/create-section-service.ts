import type { SectionService } from '../../api/services/section-service.js';
import type { Section } from '../../api/values/section.js';
import { BadStateError, InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import type { ServiceContext } from '../service-context.js';
import { requireContentInfo } from '../content/content-reads.js';

/**
 * The SectionService of one user scope (Ibexa `SectionService`; REST `/content/sections`): reads check `section/view`,
 * writes `section/edit`, assignments `section/assign` with the NewSection limitation; every write runs in one
 * transaction.
 */
export function createSectionService(context: ServiceContext): SectionService {
  const handler = context.persistence.sectionHandler;
  const readable = async (section: Section): Promise<Section> => {
    await context.guard.assert('section', 'view', { kind: 'section', sectionId: section.id }, { sectionId: section.id });
    return section;
  };
  const require = async (sectionId: number): Promise<Section> => {
    const section = await handler.load(sectionId);
    if (!section) throw NotFoundError.section(sectionId);
    return section;
  };
  const assertEditable = (sectionId?: number): Promise<void> =>
    context.guard.assert('section', 'edit', sectionId === undefined ? { kind: 'none' } : { kind: 'section', sectionId }, sectionId === undefined ? {} : { sectionId });
  const assertIdentifier = async (identifier: string, sectionId: number | null): Promise<void> => {
    if (identifier.trim() === '') throw new InvalidArgumentError('$sectionStruct', 'The section identifier must not be empty');
    const other = await handler.loadByIdentifier(identifier);
    if (other && other.id !== sectionId) throw new InvalidArgumentError('$sectionStruct', `A Section with identifier '${identifier}' already exists`);
  };
  const assertName = (name: string): void => {
    if (name.trim() === '') throw new InvalidArgumentError('$sectionStruct', 'The section name must not be empty');
  };

  const service: SectionService = {
    async loadSections() {
      const visible: Section[] = [];
      for (const section of await handler.loadAll()) {
        if (await context.guard.canUser('section', 'view', { kind: 'section', sectionId: section.id })) visible.push(section);
      }
      return visible;
    },
    loadSection: async (sectionId) => readable(await require(sectionId)),
    async loadSectionByIdentifier(identifier) {
      const section = await handler.loadByIdentifier(identifier);
      if (!section) throw NotFoundError.section(identifier);
      return readable(section);
    },

    async createSection(struct) {
      await assertEditable();
      await assertIdentifier(struct.identifier, null);
      assertName(struct.name);
      return context.persistence.transaction((tx) => tx.sectionHandler.create({ identifier: struct.identifier, name: struct.name }));
    },

    async updateSection(sectionId, struct) {
      const section = await require(sectionId);
      await assertEditable(sectionId);
      const identifier = struct.identifier ?? section.identifier;
      const name = struct.name ?? section.name;
      await assertIdentifier(identifier, sectionId);
      assertName(name);
      return context.persistence.transaction((tx) => tx.sectionHandler.update({ id: sectionId, identifier, name }));
    },

    /** @throws BadStateError `section.inUse` when content is assigned to the section (REST 409). */
    async deleteSection(sectionId) {
      await require(sectionId);
      await assertEditable(sectionId);
      await context.persistence.transaction(async (tx) => {
        if ((await tx.sectionHandler.assignmentsCount(sectionId)) > 0) {
          throw new BadStateError('section', `Section ${sectionId} is still assigned to content`, 'section.inUse');
        }
        await tx.sectionHandler.delete(sectionId);
      });
    },

    async assignSection(contentId, sectionId) {
      const contentInfo = await requireContentInfo(context, contentId);
      await require(sectionId);
      await context.guard.assert('section', 'assign', { kind: 'content', contentInfo, newSectionId: sectionId }, { contentId, sectionId });
      await context.persistence.transaction((tx) => tx.contentHandler.updateMetadata(contentId, { sectionId }));
    },

    async countAssignedContents(sectionId) {
      await readable(await require(sectionId));
      return handler.assignmentsCount(sectionId);
    },

    isSectionUsed: async (sectionId) => (await service.countAssignedContents(sectionId)) > 0,
  };
  return service;
}
