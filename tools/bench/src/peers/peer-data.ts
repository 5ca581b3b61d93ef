/** Identifier of the peer workload's content type (does not clash with the clean install). */
export const PEER_TYPE = 'peer_article';

/** Syllables of the title words (three each). */
const TITLE_SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'to', 'vi', 'do', 'pe', 'ga', 'zu', 'bri', 'mon', 'tel', 'qua'] as const;
/** The categories an item is in (one each). */
export const CATEGORIES = ['news', 'sports', 'tech', 'science', 'culture', 'travel', 'food', 'health', 'business', 'opinion'] as const;
/** 2020-01-01T00:00:00Z and 2024-12-31T23:59:59Z in Unix seconds: the range of `published_at`. */
const FIRST_SECOND = Date.UTC(2020, 0, 1) / 1000;
const LAST_SECOND = Date.UTC(2024, 11, 31, 23, 59, 59) / 1000;

/** A small deterministic generator (mulberry32); the same seed gives the same sequence on every machine. */
export class PeerRandom {
  private state: number;

  constructor(seed: number) {
    this.state = (seed * 2654435761 + 0x9e3779b9) >>> 0;
  }

  /** An integer in [0, bound). */
  int(bound: number): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * bound);
  }

  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T {
    const value = list[this.int(list.length)];
    if (value === undefined) throw new Error('peer bench: empty list');
    return value;
  }
}

/** `count` distinct words of `syllables` syllables each (plus `suffix`), drawn from `seed`. */
function vocabulary(seed: number, count: number, syllables: number, suffix: string): readonly string[] {
  const random = new PeerRandom(seed);
  const words = new Set<string>();
  // 16^3 = 4,096 possible title words for 200 wanted: the loop ends long before its bound.
  for (let attempt = 0; words.size < count && attempt < count * 1000; attempt += 1) {
    words.add(Array.from({ length: syllables }, () => random.pick(TITLE_SYLLABLES)).join('') + suffix);
  }
  if (words.size < count) throw new Error('peer bench: vocabulary too small');
  return [...words];
}

/** The 200 title words (three syllables each): each is in about 2.5 % of the titles (5 words of 200 per title). */
export const TITLE_WORDS = vocabulary(1, 200, 3, '');
/** The 100 intro words (four syllables, ending in `x`). */
export const INTRO_WORDS = vocabulary(2, 100, 4, 'x');

/** The field values of one item. */
export interface PeerItem {
  /** Five title words and the item's index. */
  readonly title: string;
  /** Forty intro words and a full stop. */
  readonly intro: string;
  /** Unix seconds between 2020-01-01 and 2024-12-31 (UTC). */
  readonly publishedAt: number;
  readonly category: string;
}

/** Item `index` (0-based): rebuilt from its index alone, so every run and every seeding path creates the same data. */
export function peerItem(index: number): PeerItem {
  const random = new PeerRandom(1_000_003 + index);
  const words = (list: readonly string[], count: number): string => Array.from({ length: count }, () => random.pick(list)).join(' ');
  const title = `${words(TITLE_WORDS, 5)} ${index}`;
  const intro = `${words(INTRO_WORDS, 40)}.`;
  const publishedAt = FIRST_SECOND + random.int(LAST_SECOND - FIRST_SECOND + 1);
  return { title, intro, publishedAt, category: random.pick(CATEGORIES) };
}
