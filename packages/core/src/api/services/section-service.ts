import type { Section } from '../values/section.js';

/** Sections (Ibexa `SectionService`); reads. Errors: NotFoundError. */
export interface SectionService {
  loadSections(): Promise<readonly Section[]>;
  loadSection(sectionId: number): Promise<Section>;
  loadSectionByIdentifier(identifier: string): Promise<Section>;
}
