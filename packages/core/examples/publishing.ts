import { createTestRepository, type TestRunner } from '@contentrepo/core/testing';

/** Publishing a folder puts it under Home: domain code tested without HTTP or a database. */
export function describePublishing({ describe, it, expect }: TestRunner): void {
  describe('publishing', () => {
    it('puts a published folder under Home', async () => {
      const { admin } = await createTestRepository();
      const draft = await admin.contentService.createContent(
        { contentTypeId: 1, mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: 'News' }] },
        [{ parentLocationId: 2 }],
      );
      const news = await admin.contentService.publishVersion(draft.contentInfo.id, 1);
      expect(news.versionInfo.status).toBe('PUBLISHED');
      const [location] = await admin.locationService.loadLocations(news.contentInfo.id);
      expect(location?.parentLocationId).toBe(2);
    });
  });
}
