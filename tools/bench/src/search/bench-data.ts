/** Top-level section folders below Home. */
export const SECTIONS = 10;
/** Folders in each section folder (so a few hundred folders in all). */
export const FOLDERS_PER_SECTION = 30;
/** Keywords of the `tags` field. */
export const TAGS = ['news', 'sport', 'culture', 'science', 'travel', 'food', 'tech', 'health'] as const;

/** Where the seeded content is, for the workloads. */
export interface BenchFacts {
  readonly articleTypeId: number;
  /** Path strings of the section folders (subtrees of about a tenth of the items). */
  readonly sectionPaths: readonly string[];
  /** Location ids of the folders holding the articles. */
  readonly folderLocationIds: readonly number[];
}

/** The vocabulary bodies and titles are drawn from: 2,000 pronounceable words (`syllables` of a fixed list). */
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vo', 'zi', 'be', 'do', 'fa', 'gu', 'hi', 'jo', 'pe', 'si', 'ti', 'wa', 'xe', 'yu'];
export const VOCABULARY: readonly string[] = Array.from({ length: 2000 }, (_, index) =>
  [index % 20, Math.floor(index / 20) % 20, Math.floor(index / 400) % 20].map((part) => SYLLABLES[part] ?? '').join(''),
);

/** A small deterministic generator (mulberry32), reseeded per item so that any item can be rebuilt alone. */
export class BenchRandom {
  private state = 0;

  constructor(seed: number) {
    this.reseed(seed);
  }

  reseed(seed: number): void {
    this.state = (seed * 2654435761) >>> 0;
  }

  /** An integer in [0, bound). */
  int(bound: number): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * bound);
  }
}

/**
 * `count` vocabulary words; the first 100 words are ten times as likely as the others (a skewed distribution, as
 * in real text), so that the full-text workload's word (`VOCABULARY[7]`) is in about 9 % of the items.
 */
export function sentence(random: BenchRandom, count: number): string {
  return Array.from({ length: count }, () => VOCABULARY[random.int(2) === 0 ? random.int(100) : random.int(VOCABULARY.length)] ?? '').join(' ');
}
