import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Express } from 'express';
import type { TestRepository } from '@contentrepo/core/testing';
import { PREFIX, rest, vnd } from '../testing/rest-client.js';
import { createTestApp } from '../testing/rest-test-app.js';

describe('users (/user/users…)', () => {
  let app: Express;
  let repo: TestRepository;
  let jane: number;
  beforeEach(async () => {
    ({ app, repo } = await createTestApp({ basicAuth: true }));
    const user = await repo.admin.userService.createUser(
      {
        mainLanguageCode: 'eng-GB',
        login: 'jane',
        email: 'jane@example.com',
        password: 'Secret-Passw0rd',
        remoteId: 'jane-remote',
        fields: [
          { fieldDefIdentifier: 'first_name', value: 'Jane' },
          { fieldDefIdentifier: 'last_name', value: 'Doe' },
        ],
      },
      [13],
    );
    jane = user.contentInfo.id;
  });

  it('finds users by login, email, remoteId and roleId as UserRefList or UserList; no filter or no match: 404', async () => {
    const byLogin = await rest(app, { method: 'GET', path: '/user/users?login=JANE' });
    expect(byLogin.status).toBe(200);
    expect(byLogin.headers['content-type']).toBe(vnd('UserRefList'));
    expect(byLogin.body.UserRefList).toEqual({ '_media-type': vnd('UserRefList'), _href: `${PREFIX}/user/users`, User: [{ '_media-type': vnd('User'), _href: `${PREFIX}/user/users/${jane}` }] });
    const byEmail = await rest(app, { method: 'GET', path: '/user/users?email=jane@example.com', accept: 'UserList' });
    expect(byEmail.headers['content-type']).toBe(vnd('UserList'));
    expect(byEmail.body.UserList.User[0]).toMatchObject({ _id: jane, login: 'jane', email: 'jane@example.com', name: 'Jane Doe' });
    const byRemoteId = await rest(app, { method: 'GET', path: '/user/users?remoteId=jane-remote', format: 'xml' });
    expect(byRemoteId.text).toContain(`<UserRefList media-type="${vnd('UserRefList', 'xml')}" href="${PREFIX}/user/users"><User media-type="${vnd('User', 'xml')}" href="${PREFIX}/user/users/${jane}"/></UserRefList>`);
    await repo.admin.roleService.assignRoleToUser(4, jane);
    const byRole = await rest(app, { method: 'GET', path: `/user/users?roleId=${PREFIX}/user/roles/4` });
    expect(byRole.body.UserRefList.User).toHaveLength(1);

    for (const path of ['/user/users', '/user/users?login=nobody', '/user/users?remoteId=none', `/user/users?roleId=${PREFIX}/user/roles/1`]) {
      const response = await rest(app, { method: 'GET', path });
      expect([path, response.status]).toEqual([path, 404]);
      expect(response.body.ErrorMessage.errorDescription).toBe('Could not find Users with the given filter');
    }
    // Unreadable users are not found either (the anonymous user cannot read the users section).
    expect((await rest(app, { method: 'GET', path: '/user/users?login=jane', auth: null })).status).toBe(404);
  });

  it('verifies users with HEAD (200 / 404)', async () => {
    expect((await rest(app, { method: 'HEAD', path: '/user/users?login=jane' })).status).toBe(200);
    expect((await rest(app, { method: 'HEAD', path: '/user/users?login=nobody' })).status).toBe(404);
    expect((await rest(app, { method: 'OPTIONS', path: '/user/users' })).headers['allow']).toBe('HEAD,GET');
  });

  it('updates a user with PATCH (JSON and XML); the login is ignored; the new password logs in', async () => {
    const json = await rest(app, {
      method: 'PATCH',
      path: `/user/users/${jane}`,
      input: 'UserUpdate',
      accept: 'User',
      body: { UserUpdate: { login: 'ignored', email: 'j@example.com', password: 'Changed-Passw0rd', fields: { field: [{ fieldDefinitionIdentifier: 'first_name', fieldValue: 'Janet' }] } } },
    });
    expect(json.status).toBe(200);
    expect(json.headers['accept-patch']).toBe(vnd('UserUpdate'));
    expect(json.body.User).toMatchObject({ login: 'jane', email: 'j@example.com', name: 'Janet Doe', Version: { VersionInfo: { versionNo: 2 } } });
    const session = await rest(app, { method: 'POST', path: '/user/sessions', input: 'SessionInput', auth: null, body: { SessionInput: { login: 'jane', password: 'Changed-Passw0rd' } } });
    expect(session.status).toBe(201);

    const xml = await rest(app, {
      method: 'PATCH',
      path: `/user/users/${jane}`,
      input: 'UserUpdate',
      format: 'xml',
      body: `<UserUpdate><enabled>false</enabled><Section href="${PREFIX}/content/sections/1"/><remoteId>janet</remoteId></UserUpdate>`,
    });
    expect(xml.status).toBe(200);
    expect(xml.text).toContain('<enabled>false</enabled>');
    expect(xml.text).toContain(`<Section media-type="${vnd('Section', 'xml')}" href="${PREFIX}/content/sections/1"/>`);
    expect(xml.text).toContain('remoteId="janet"');
    const refused = await rest(app, { method: 'POST', path: '/user/sessions', input: 'SessionInput', auth: null, body: { SessionInput: { login: 'jane', password: 'Changed-Passw0rd' } } });
    expect(refused.status).toBe(401);

    const invalid = await rest(app, { method: 'PATCH', path: `/user/users/${jane}`, input: 'UserUpdate', body: { UserUpdate: { email: 'nope' } } });
    expect(invalid.status).toBe(400);
    expect((await repo.admin.userService.loadUser(jane)).email).toBe('j@example.com');
    expect((await rest(app, { method: 'PATCH', path: '/user/users/9999', input: 'UserUpdate', body: { UserUpdate: {} } })).status).toBe(404);
  });

  it('deletes users (204) but not yourself (403)', async () => {
    const self = await rest(app, { method: 'DELETE', path: '/user/users/14' });
    expect(self.status).toBe(403);
    expect(self.body.ErrorMessage.errorDescription).toContain('Users cannot delete themselves');
    expect((await rest(app, { method: 'DELETE', path: `/user/users/${jane}` })).status).toBe(204);
    expect((await rest(app, { method: 'GET', path: `/user/users/${jane}` })).status).toBe(404);
    expect((await rest(app, { method: 'DELETE', path: `/user/users/${jane}` })).status).toBe(404);
  });

  it('lists, assigns and unassigns groups of a user with unassign links (200 UserGroupRefList)', async () => {
    const one = await rest(app, { method: 'GET', path: `/user/users/${jane}/groups` });
    expect(one.status).toBe(200);
    expect(one.body.UserGroupRefList).toEqual({
      '_media-type': vnd('UserGroupRefList'),
      _href: `${PREFIX}/user/users/${jane}/groups`,
      UserGroup: [{ '_media-type': vnd('UserGroup'), _href: `${PREFIX}/user/groups/1/5/14` }],
    });

    const assigned = await rest(app, { method: 'POST', path: `/user/users/${jane}/groups?group=${PREFIX}/user/groups/1/5/13`, format: 'xml' });
    expect(assigned.status).toBe(200);
    expect(assigned.text).toContain(
      `<UserGroup media-type="${vnd('UserGroup', 'xml')}" href="${PREFIX}/user/groups/1/5/13"><unassign href="${PREFIX}/user/users/${jane}/groups/13" method="DELETE"/></UserGroup>`,
    );
    expect((await rest(app, { method: 'POST', path: `/user/users/${jane}/groups?group=${PREFIX}/user/groups/1/5/13` })).status).toBe(406);
    expect((await rest(app, { method: 'POST', path: `/user/users/${jane}/groups?group=${PREFIX}/user/groups/1/5/999` })).status).toBe(403);
    expect((await rest(app, { method: 'POST', path: `/user/users/${jane}/groups?group=${PREFIX}/user/groups/1/2` })).status).toBe(403);
    expect((await rest(app, { method: 'POST', path: `/user/users/${jane}/groups` })).status).toBe(400);

    const removed = await rest(app, { method: 'DELETE', path: `/user/users/${jane}/groups/14` });
    expect(removed.status).toBe(200);
    expect(removed.body.UserGroupRefList.UserGroup).toEqual([{ '_media-type': vnd('UserGroup'), _href: `${PREFIX}/user/groups/1/5/13` }]);
    expect((await rest(app, { method: 'DELETE', path: `/user/users/${jane}/groups/14` })).status).toBe(403);
    const last = await rest(app, { method: 'DELETE', path: `/user/users/${jane}/groups/13` });
    expect(last.status).toBe(403);
    expect(last.body.ErrorMessage.errorDescription).toContain('cannot unassign from last group');
    expect((await rest(app, { method: 'DELETE', path: `/user/users/${jane}/groups/999` })).status).toBe(404);
  });

  it("lists a user's drafts as a VersionList", async () => {
    const draft = await repo.admin.contentService.createContent({ contentTypeId: 1, mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: 'WIP' }] }, [{ parentLocationId: 2 }]);
    const response = await rest(app, { method: 'GET', path: '/user/users/14/drafts' });
    expect(response.status).toBe(200);
    expect(response.body.VersionList._href).toBe(`${PREFIX}/user/users/14/drafts`);
    expect(response.body.VersionList.VersionItem).toContainEqual({
      Version: { '_media-type': vnd('Version'), _href: `${PREFIX}/content/objects/${draft.contentInfo.id}/versions/1` },
      VersionInfo: expect.objectContaining({ versionNo: 1, status: 'DRAFT' }),
    });
    expect((await rest(app, { method: 'GET', path: `/user/users/${jane}/drafts`, format: 'xml' })).text).toContain(`<VersionList media-type="${vnd('VersionList', 'xml')}" href="${PREFIX}/user/users/${jane}/drafts"/>`);
    expect((await rest(app, { method: 'GET', path: '/user/users/14/drafts', auth: null })).status).toBe(401);
  });
});
