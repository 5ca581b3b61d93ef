import type { Section } from '../../api/values/section.js';
import { InvalidArgumentError } from '../../errors/repository-error.js';
import type { SectionHandler } from '../../spi/section-handler.js';
import { nextManagementId } from './in-memory-management-state.js';
import type { InMemoryState, StateHolder } from './in-memory-state.js';

/** In-memory SectionHandler: sections by id; identifiers unique. */
export function createInMemorySectionHandler(holder: StateHolder): SectionHandler {
  const s = (): InMemoryState => holder.state;
  const all = (): Section[] => [...s().sections.values()].sort((a, b) => a.id - b.id);
  const assertFree = (identifier: string, sectionId: number | null): void => {
    if (all().some((section) => section.identifier === identifier && section.id !== sectionId)) {
      throw new InvalidArgumentError('$sectionCreateStruct', `A Section with identifier '${identifier}' already exists`);
    }
  };
  return {
    loadAll: async () => all(),
    load: async (id) => s().sections.get(id) ?? null,
    loadByIdentifier: async (identifier) => all().find((section) => section.identifier === identifier) ?? null,
    async create(section) {
      assertFree(section.identifier, null);
      const created = { id: nextManagementId(s().management, 'section', s().sections.keys()), ...section };
      s().sections.set(created.id, created);
      return created;
    },
    async update(section) {
      assertFree(section.identifier, section.id);
      s().sections.set(section.id, { ...section });
      return section;
    },
    delete: async (id) => {
      s().sections.delete(id);
    },
    assignmentsCount: async (id) => [...s().contents.values()].filter((content) => content.sectionId === id).length,
  };
}
