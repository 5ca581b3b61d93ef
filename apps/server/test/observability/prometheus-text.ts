/**
 * The value of the sample `name{labels}` in a Prometheus text scrape (labels matched exactly, in any order), or
 * undefined when the scrape lacks it.
 */
export function sampleValue(scrape: string, name: string, labels: Readonly<Record<string, string>> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort()
    .join(',');
  for (const line of scrape.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match === null || match[1] !== name) continue;
    const have = (match[2] ?? '')
      .split(/,(?=[a-zA-Z_]+=")/)
      .filter((part) => part !== '')
      .sort()
      .join(',');
    if (have === wanted) return Number(match[3]);
  }
  return undefined;
}
