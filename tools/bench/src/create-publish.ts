import type { BenchSession } from './bench-session.js';

/** Result of the create+publish workload. */
export interface Throughput {
  readonly items: number;
  readonly seconds: number;
  readonly itemsPerSecond: number;
  readonly errors: number;
}

/**
 * Creates and publishes folders (two requests per item, as a client does) with `concurrency` workers until
 * `items` are done or `maxSeconds` pass; both bounds hold.
 */
export async function createAndPublish(
  api: string,
  session: BenchSession,
  options: { items: number; concurrency: number; maxSeconds: number },
): Promise<Throughput> {
  const headers = { Cookie: session.cookie, 'X-CSRF-Token': session.csrf };
  const deadline = Date.now() + options.maxSeconds * 1000;
  let started = 0;
  let done = 0;
  let errors = 0;
  const begin = performance.now();
  const worker = async (): Promise<void> => {
    while (started < options.items && Date.now() < deadline) {
      const index = (started += 1);
      const create = await fetch(`${api}/content/objects`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/vnd.ibexa.api.ContentCreate+json', Accept: 'application/vnd.ibexa.api.ContentInfo+json' },
        body: JSON.stringify({
          ContentCreate: {
            ContentType: { _href: '/api/ibexa/v2/content/types/1' },
            mainLanguageCode: 'eng-GB',
            LocationCreate: { ParentLocation: { _href: '/api/ibexa/v2/content/locations/1/2' }, sortField: 'PATH', sortOrder: 'ASC' },
            fields: { field: [{ fieldDefinitionIdentifier: 'name', fieldValue: `Folder ${index}` }] },
          },
        }),
      });
      if (create.status !== 201) {
        errors += 1;
        await create.arrayBuffer();
        continue;
      }
      const { Content } = (await create.json()) as { Content: { _id: number } };
      const publish = await fetch(`${api}/content/objects/${Content._id}/versions/1`, {
        method: 'POST',
        headers: { ...headers, 'X-HTTP-Method-Override': 'PUBLISH' },
      });
      await publish.arrayBuffer();
      if (publish.status === 204) done += 1;
      else errors += 1;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - begin) / 1000;
  return { items: done, seconds, itemsPerSecond: done / seconds, errors };
}
