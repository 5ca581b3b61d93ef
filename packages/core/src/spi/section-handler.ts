import type { Section } from '../api/values/section.js';

/** Sections (Ibexa `Section\Handler`). */
export interface SectionHandler {
  loadAll(): Promise<readonly Section[]>;
  load(sectionId: number): Promise<Section | null>;
  loadByIdentifier(identifier: string): Promise<Section | null>;
}
