import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Repository } from '../../api/services/repository.js';
import { ContentValidationError, InvalidArgumentError, NotFoundError, UnauthorizedError } from '../../errors/repository-error.js';
import { createTestRepository } from '../../testing/test-repository.js';
import { matchWildcard } from './create-url-wildcard-service.js';

describe('URLWildcardService', () => {
  let admin: Repository;
  let anonymous: Repository;
  beforeEach(async () => {
    ({ admin, anonymous } = await createTestRepository());
  });

  it('matches patterns lazily and substitutes placeholders (Ibexa Legacy handler)', () => {
    const wildcard = { id: 1, sourceUrl: '/blog/*/*', destinationUrl: '/news/{2}/{1}', forward: false };
    expect(matchWildcard(wildcard, 'blog/2024/hello/world')).toBe('/news/hello/world/2024');
    expect(matchWildcard(wildcard, '/other/2024/x')).toBeNull();
    expect(matchWildcard({ ...wildcard, sourceUrl: '/a.b', destinationUrl: '/c' }, '/axb')).toBeNull();
  });

  it('creates, loads, lists, translates and removes wildcards', async () => {
    const service = admin.urlWildcardService;
    const created = await service.create('old/*/', '/new/{1}', true);
    expect(created).toMatchObject({ sourceUrl: '/old/*', destinationUrl: '/new/{1}', forward: true });
    await expect(service.create('/old/*', '/elsewhere')).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(service.create('/two/*', '/x/{2}')).rejects.toBeInstanceOf(ContentValidationError);
    const second = await service.create('/plain', '/target');
    expect(await service.loadAll()).toEqual([created, second]);
    expect(await service.loadAll(1, 5)).toEqual([second]);
    expect(await service.translate('/old/page')).toEqual({ uri: '/new/page', forward: true });
    await expect(service.translate('/unknown')).rejects.toBeInstanceOf(NotFoundError);
    await expect(anonymous.urlWildcardService.remove(created.id)).rejects.toBeInstanceOf(UnauthorizedError);
    await service.remove(created.id);
    await expect(service.load(created.id)).rejects.toBeInstanceOf(NotFoundError);
  });
});
