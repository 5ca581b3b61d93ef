/** A section: a named partition of content used by permissions (Ibexa `Section`). */
export interface Section {
  readonly id: number;
  readonly identifier: string;
  readonly name: string;
}
