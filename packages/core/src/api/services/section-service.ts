import type { SectionCreateStruct, SectionUpdateStruct } from '../structs/repository-structs.js';
import type { Section } from '../values/section.js';

/**
 * Sections (Ibexa `SectionService`; REST `/content/sections`). Reads check `section/view`; create, update and delete
 * `section/edit`; assigning content `section/assign` (NewSection limitation).
 *
 * Errors: NotFoundError; UnauthorizedError; InvalidArgumentError (identifier taken — REST 403); BadStateError
 * `section.inUse` when deleting a section content is assigned to (REST 409).
 */
export interface SectionService {
  loadSections(): Promise<readonly Section[]>;
  loadSection(sectionId: number): Promise<Section>;
  loadSectionByIdentifier(identifier: string): Promise<Section>;
  createSection(struct: SectionCreateStruct): Promise<Section>;
  updateSection(sectionId: number, struct: SectionUpdateStruct): Promise<Section>;
  deleteSection(sectionId: number): Promise<void>;
  /** Assigns a content item to a section (Ibexa `assignSection`). `content/read` on the item, `section/assign`. */
  assignSection(contentId: number, sectionId: number): Promise<void>;
  /** Number of content items assigned to a section. */
  countAssignedContents(sectionId: number): Promise<number>;
  /** Whether content is assigned to the section. */
  isSectionUsed(sectionId: number): Promise<boolean>;
}
