import { recordEvent } from '../events/record-event.js';
import type { SectionService } from '../../api/services/section-service.js';
import type { Section } from '../../api/values/section.js';
import { BadStateError, InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import type { ServiceContext } from '../service-context.js';
import { assertCanRead, requireContentInfo } from '../content/content-reads.js';
import { underLock } from '../in-transaction.js';

/**
 * The SectionService of one user scope (Ibexa `SectionService`; REST `/content/sections`): reads check `section/view`,
 * writes `section/edit`, assignments `section/assign` with the NewSection limitation; every write locks the
 * section (kind `section`; an assignment also the content item) and reads it under the lock.
 */
export function createSectionService(context: ServiceContext): SectionService {
  const handler = context.persistence.sectionHandler;
  const readable = async (section: Section): Promise<Section> => {
    await context.guard.assert('section', 'view', { kind: 'section', sectionId: section.id }, { sectionId: section.id });
    return section;
  };
  const require = async (scope: ServiceContext, sectionId: number): Promise<Section> => {
    const section = await scope.persistence.sectionHandler.load(sectionId);
    if (!section) throw NotFoundError.section(sectionId);
    return section;
  };
  const assertEditable = (sectionId?: number): Promise<void> =>
    context.guard.assert('section', 'edit', sectionId === undefined ? { kind: 'none' } : { kind: 'section', sectionId }, sectionId === undefined ? {} : { sectionId });
  const assertIdentifier = async (scope: ServiceContext, identifier: string, sectionId: number | null): Promise<void> => {
    if (identifier.trim() === '') throw new InvalidArgumentError('$sectionStruct', 'The section identifier must not be empty');
    const other = await scope.persistence.sectionHandler.loadByIdentifier(identifier);
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
    loadSection: async (sectionId) => readable(await require(context, sectionId)),
    async loadSectionByIdentifier(identifier) {
      const section = await handler.loadByIdentifier(identifier);
      if (!section) throw NotFoundError.section(identifier);
      return readable(section);
    },

    async createSection(struct) {
      await assertEditable();
      await assertIdentifier(context, struct.identifier, null);
      assertName(struct.name);
      return underLock(context, [], async (tx) => {
        const section = await tx.persistence.sectionHandler.create({ identifier: struct.identifier, name: struct.name });
        await tx.persistence.lock([{ kind: 'section', id: section.id }]);
        await recordEvent(tx, 'section.created', { sectionId: section.id });
        return section;
      });
    },

    async updateSection(sectionId, struct) {
      await require(context, sectionId);
      await assertEditable(sectionId);
      return underLock(context, [{ kind: 'section', id: sectionId }], async (tx) => {
        const section = await require(tx, sectionId);
        const identifier = struct.identifier ?? section.identifier;
        const name = struct.name ?? section.name;
        await assertIdentifier(tx, identifier, sectionId);
        assertName(name);
        const updated = await tx.persistence.sectionHandler.update({ id: sectionId, identifier, name });
        await recordEvent(tx, 'section.updated', { sectionId });
        return updated;
      });
    },

    /** @throws BadStateError `section.inUse` when content is assigned to the section (REST 409). */
    async deleteSection(sectionId) {
      await require(context, sectionId);
      await assertEditable(sectionId);
      await underLock(context, [{ kind: 'section', id: sectionId }], async (tx) => {
        await require(tx, sectionId);
        if ((await tx.persistence.sectionHandler.assignmentsCount(sectionId)) > 0) {
          throw new BadStateError('section', `Section ${sectionId} is still assigned to content`, 'section.inUse');
        }
        await tx.persistence.sectionHandler.delete(sectionId);
        await recordEvent(tx, 'section.deleted', { sectionId });
      });
    },

    /**
     * Locks the content item and the section (so that a deletion of the section sees the assignment or refuses it).
     * Needs `content/read` on the item (Ibexa's REST layer loads it through the permission-checked API) and
     * `section/assign` for the new section. @throws UnauthorizedError
     */
    async assignSection(contentId, sectionId) {
      const contentInfo = await requireContentInfo(context, contentId);
      await assertCanRead(context, contentInfo);
      await require(context, sectionId);
      await context.guard.assert('section', 'assign', { kind: 'content', contentInfo, newSectionId: sectionId }, { contentId, sectionId });
      await underLock(context, [{ kind: 'content', id: contentId }, { kind: 'section', id: sectionId }], async (tx) => {
        await requireContentInfo(tx, contentId);
        await require(tx, sectionId);
        await tx.persistence.contentHandler.updateMetadata(contentId, { sectionId });
        await recordEvent(tx, 'content.section_assigned', { contentId, sectionId });
      });
    },

    async countAssignedContents(sectionId) {
      await readable(await require(context, sectionId));
      return handler.assignmentsCount(sectionId);
    },

    isSectionUsed: async (sectionId) => (await service.countAssignedContents(sectionId)) > 0,
  };
  return service;
}
