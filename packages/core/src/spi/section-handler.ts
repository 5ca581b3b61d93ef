import type { Section } from '../api/values/section.js';

/**
 * Sections (Ibexa `Section\Handler`). No permission or rule checks; loads return null for unknown ids.
 * Errors: `create`/`update` throw InvalidArgumentError when the identifier is taken by another section.
 */
export interface SectionHandler {
  loadAll(): Promise<readonly Section[]>;
  load(sectionId: number): Promise<Section | null>;
  loadByIdentifier(identifier: string): Promise<Section | null>;
  create(section: Omit<Section, 'id'>): Promise<Section>;
  /** Replaces a section's identifier and name. */
  update(section: Section): Promise<Section>;
  delete(sectionId: number): Promise<void>;
  /** Number of content items (any status) assigned to the section. */
  assignmentsCount(sectionId: number): Promise<number>;
}
