import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Express } from 'express';
import type { TestRepository } from '@contentrepo/core/testing';
import { PREFIX, rest, vnd } from '../testing/rest-client.js';
import { createTestApp } from '../testing/rest-test-app.js';

const groupCreate = (name: string, extra: Record<string, unknown> = {}) => ({
  UserGroupCreate: { mainLanguageCode: 'eng-GB', fields: { field: [{ fieldDefinitionIdentifier: 'name', fieldValue: name }] }, ...extra },
});

const userCreate = (login: string, extra: Record<string, unknown> = {}) => ({
  UserCreate: {
    mainLanguageCode: 'eng-GB',
    login,
    email: `${login}@example.com`,
    password: 'Secret-Passw0rd',
    fields: {
      field: [
        { fieldDefinitionIdentifier: 'first_name', fieldValue: 'Jane' },
        { fieldDefinitionIdentifier: 'last_name', fieldValue: login },
      ],
    },
    ...extra,
  },
});

describe('user groups (/user/groups…)', () => {
  let app: Express;
  let repo: TestRepository;
  beforeEach(async () => {
    ({ app, repo } = await createTestApp({ basicAuth: true }));
  });

  it('redirects the root group (301) and renders a UserGroup in JSON and XML', async () => {
    const root = await rest(app, { method: 'GET', path: '/user/groups/root' });
    expect(root.status).toBe(301);
    expect(root.headers['location']).toBe(`${PREFIX}/user/groups/1/5`);

    const json = await rest(app, { method: 'GET', path: '/user/groups/1/5/13', accept: 'UserGroup' });
    expect(json.status).toBe(200);
    expect(json.headers['accept-patch']).toBe(vnd('UserGroupUpdate'));
    expect(json.body.UserGroup).toMatchObject({
      '_media-type': vnd('UserGroup'),
      _href: `${PREFIX}/user/groups/1/5/13`,
      _id: 12,
      _remoteId: '9b47a45624b023b1a76c73b74d704acf',
      name: 'Administrator users',
      MainLocation: { _href: `${PREFIX}/content/locations/1/5/13` },
      mainLanguageCode: 'eng-GB',
      Version: { VersionInfo: { versionNo: 1 } },
      ParentUserGroup: { '_media-type': vnd('UserGroup'), _href: `${PREFIX}/user/groups/1/5` },
      Subgroups: { '_media-type': vnd('UserGroupList'), _href: `${PREFIX}/user/groups/1/5/13/subgroups` },
      Users: { '_media-type': vnd('UserList'), _href: `${PREFIX}/user/groups/1/5/13/users` },
      Roles: { '_media-type': vnd('RoleAssignmentList'), _href: `${PREFIX}/user/groups/1/5/13/roles` },
    });
    const top = await rest(app, { method: 'GET', path: '/user/groups/1/5' });
    expect(top.body.UserGroup.ParentUserGroup).toBeUndefined();

    const xml = await rest(app, { method: 'GET', path: '/user/groups/1/5/13', format: 'xml' });
    expect(xml.headers['content-type']).toBe(vnd('UserGroup', 'xml'));
    expect(xml.text).toContain(`<UserGroup media-type="${vnd('UserGroup', 'xml')}" href="${PREFIX}/user/groups/1/5/13" id="12" remoteId="9b47a45624b023b1a76c73b74d704acf">`);
    expect(xml.text).toContain(`<ParentUserGroup media-type="${vnd('UserGroup', 'xml')}" href="${PREFIX}/user/groups/1/5"/>`);

    expect((await rest(app, { method: 'GET', path: '/user/groups/1/2' })).status).toBe(404);
    expect((await rest(app, { method: 'GET', path: '/user/groups/1/5/999' })).status).toBe(404);
    expect((await rest(app, { method: 'GET', path: '/user/groups/1/5/13', auth: null })).status).toBe(401);
  });

  it('finds groups by id, remoteId and roleId; no filter is an empty list', async () => {
    const empty = await rest(app, { method: 'GET', path: '/user/groups' });
    expect(empty.status).toBe(200);
    expect(empty.body.UserGroupRefList).toEqual({ '_media-type': vnd('UserGroupRefList'), _href: `${PREFIX}/user/groups`, UserGroup: [] });
    const byId = await rest(app, { method: 'GET', path: '/user/groups?id=13' });
    expect(byId.body.UserGroupRefList.UserGroup).toEqual([{ '_media-type': vnd('UserGroup'), _href: `${PREFIX}/user/groups/1/5/14` }]);
    const byRemote = await rest(app, { method: 'GET', path: '/user/groups?remoteId=15b256dbea2ae72418ff5facc999e8f9', accept: 'UserGroupList' });
    expect(byRemote.headers['content-type']).toBe(vnd('UserGroupList'));
    expect(byRemote.body.UserGroupList.UserGroup[0]).toMatchObject({ _id: 42, name: 'Anonymous users' });
    const byRole = await rest(app, { method: 'GET', path: `/user/groups?roleId=${PREFIX}/user/roles/3`, format: 'xml' });
    expect(byRole.text).toContain(`<UserGroup media-type="${vnd('UserGroup', 'xml')}" href="${PREFIX}/user/groups/1/5/14"/>`);
    expect((await rest(app, { method: 'GET', path: '/user/groups?id=1' })).status).toBe(404);
  });

  it('creates top-level groups and subgroups (201 + Location), updates and lists them', async () => {
    const top = await rest(app, { method: 'POST', path: '/user/groups/subgroups', input: 'UserGroupCreate', body: groupCreate('Partners'), accept: 'UserGroup' });
    expect(top.status).toBe(201);
    const topPath = top.headers['location'] ?? '';
    expect(topPath).toMatch(new RegExp(`^${PREFIX}/user/groups/1/5/\\d+$`));
    expect(top.body.UserGroup).toMatchObject({ name: 'Partners', _href: topPath });

    const subPath = topPath.slice(PREFIX.length);
    const xmlSub = await rest(app, {
      method: 'POST',
      path: `${subPath}/subgroups`,
      input: 'UserGroupCreate',
      format: 'xml',
      body: '<UserGroupCreate><mainLanguageCode>eng-GB</mainLanguageCode><remoteId>agencies</remoteId><fields><field><fieldDefinitionIdentifier>name</fieldDefinitionIdentifier><fieldValue>Agencies</fieldValue></field></fields></UserGroupCreate>',
    });
    expect(xmlSub.status).toBe(201);
    expect(xmlSub.text).toContain('remoteId="agencies"');

    const subgroups = await rest(app, { method: 'GET', path: `${subPath}/subgroups` });
    expect(subgroups.body.UserGroupRefList._href).toBe(`${PREFIX}${subPath}/subgroups`);
    expect(subgroups.body.UserGroupRefList.UserGroup).toHaveLength(1);
    const full = await rest(app, { method: 'GET', path: '/user/groups/1/5/subgroups?limit=2', accept: 'UserGroupList' });
    expect(full.body.UserGroupList.UserGroup.map((group: { name: string }) => group.name)).toEqual(['Guest accounts', 'Administrator users']);

    const updated = await rest(app, {
      method: 'PATCH',
      path: subPath,
      input: 'UserGroupUpdate',
      body: { UserGroupUpdate: { remoteId: 'partners', fields: { field: [{ fieldDefinitionIdentifier: 'description', fieldValue: 'External' }] } } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.UserGroup).toMatchObject({ _remoteId: 'partners', Version: { VersionInfo: { versionNo: 2 } } });
  });

  it('creates users in a group (201 + Location /user/users/{id}); existing login or e-mail: 403', async () => {
    const created = await rest(app, { method: 'POST', path: '/user/groups/1/5/14/users', input: 'UserCreate', body: userCreate('jane'), accept: 'User' });
    expect(created.status).toBe(201);
    const id = created.body.User._id as number;
    expect(created.headers['location']).toBe(`${PREFIX}/user/users/${id}`);
    expect(created.headers['accept-patch']).toBe(vnd('UserUpdate'));
    expect(created.body.User).toMatchObject({ login: 'jane', email: 'jane@example.com', enabled: true, name: 'Jane jane' });

    const xml = await rest(app, {
      method: 'POST',
      path: '/user/groups/1/5/14/users',
      input: 'UserCreate',
      format: 'xml',
      body:
        '<UserCreate><mainLanguageCode>eng-GB</mainLanguageCode><login>john</login><email>john@example.com</email><password>Secret-Passw0rd</password><enabled>false</enabled>' +
        '<fields><field><fieldDefinitionIdentifier>first_name</fieldDefinitionIdentifier><fieldValue>John</fieldValue></field>' +
        '<field><fieldDefinitionIdentifier>last_name</fieldDefinitionIdentifier><fieldValue>Doe</fieldValue></field></fields></UserCreate>',
    });
    expect(xml.status).toBe(201);
    expect(xml.text).toContain('<login>john</login><email>john@example.com</email><enabled>false</enabled>');

    const duplicate = await rest(app, { method: 'POST', path: '/user/groups/1/5/14/users', input: 'UserCreate', body: userCreate('JANE') });
    expect(duplicate.status).toBe(403);
    const sameEmail = await rest(app, { method: 'POST', path: '/user/groups/1/5/13/users', input: 'UserCreate', body: userCreate('other', { email: 'jane@example.com' }) });
    expect(sameEmail.status).toBe(403);
    const weak = await rest(app, { method: 'POST', path: '/user/groups/1/5/14/users', input: 'UserCreate', body: userCreate('weak', { password: 'x' }) });
    expect(weak.status).toBe(400);
    expect(weak.body.ErrorMessage.errorDetails.fields[0]._fieldTypeId).toBe(12);

    const users = await rest(app, { method: 'GET', path: '/user/groups/1/5/14/users' });
    expect(users.body.UserRefList.User).toEqual([
      { '_media-type': vnd('User'), _href: `${PREFIX}/user/users/${id}` },
      { '_media-type': vnd('User'), _href: `${PREFIX}/user/users/${xml.text.match(/ id="(\d+)"/)?.[1] ?? ''}` },
    ]);
    const list = await rest(app, { method: 'GET', path: '/user/groups/1/5/13/users', accept: 'UserList', format: 'xml' });
    expect(list.text).toContain(`<UserList media-type="${vnd('UserList', 'xml')}" href="${PREFIX}/user/groups/1/5/13/users"><User media-type="${vnd('User', 'xml')}" href="${PREFIX}/user/users/14"`);
  });

  it('moves a group (MOVE + Destination, or 5.x MoveUserGroupInput): 201 + new Location; missing target 403', async () => {
    const created = await repo.admin.userService.createUserGroup({ mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: 'Movers' }] }, 4);
    const location = created.contentInfo.mainLocationId ?? 0;
    const moved = await rest(app, { method: 'MOVE', path: `/user/groups/1/5/${location}`, headers: { Destination: `${PREFIX}/user/groups/1/5/14` } });
    expect(moved.status).toBe(201);
    expect(moved.headers['location']).toBe(`${PREFIX}/user/groups/1/5/14/${location}`);
    const back = await rest(app, { method: 'POST', path: `/user/groups/1/5/14/${location}`, input: 'MoveUserGroupInput', body: { MoveUserGroupInput: { destination: '/1/5/12' } } });
    expect(back.status).toBe(201);
    expect(back.headers['location']).toBe(`${PREFIX}/user/groups/1/5/12/${location}`);
    const missing = await rest(app, { method: 'MOVE', path: `/user/groups/1/5/12/${location}`, headers: { Destination: `${PREFIX}/user/groups/1/5/999` } });
    expect(missing.status).toBe(403);
    const notGroup = await rest(app, { method: 'MOVE', path: `/user/groups/1/5/12/${location}`, headers: { Destination: `${PREFIX}/user/groups/1/2` } });
    expect(notGroup.status).toBe(403);
    const intoItself = await rest(app, { method: 'MOVE', path: '/user/groups/1/5', headers: { Destination: `${PREFIX}/user/groups/1/5/12/${location}` } });
    expect(intoItself.status).toBe(406);
    const badHeader = await rest(app, { method: 'MOVE', path: `/user/groups/1/5/12/${location}`, headers: { Destination: `${PREFIX}/content/locations/1/2` } });
    expect(badHeader.status).toBe(400);
    expect((await repo.admin.locationService.loadLocation(location)).pathString).toBe(`/1/5/12/${location}/`);
  });

  it('deletes an empty group (204) and refuses a group with users (403)', async () => {
    const created = await repo.admin.userService.createUserGroup({ mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: 'Empty' }] }, 4);
    expect((await rest(app, { method: 'DELETE', path: '/user/groups/1/5/13' })).status).toBe(403);
    expect((await rest(app, { method: 'DELETE', path: `/user/groups/1/5/${created.contentInfo.mainLocationId ?? 0}` })).status).toBe(204);
    expect((await rest(app, { method: 'GET', path: `/user/groups/1/5/${created.contentInfo.mainLocationId ?? 0}` })).status).toBe(404);
    expect((await repo.admin.userService.loadUsersOfUserGroup(12)).map((user) => user.login)).toEqual(['admin']);
  });

  it('declares the exact methods Ibexa lists (OPTIONS)', async () => {
    const allow = async (path: string) => (await rest(app, { method: 'OPTIONS', path })).headers['allow'];
    expect(await allow('/user/groups')).toBe('GET');
    expect(await allow('/user/groups/root')).toBe('GET');
    expect(await allow('/user/groups/subgroups')).toBe('POST');
    expect(await allow('/user/groups/4')).toBe('GET,PATCH,DELETE,MOVE');
    expect(await allow('/user/groups/4/subgroups')).toBe('GET,POST');
    expect(await allow('/user/groups/4/users')).toBe('GET,POST');
    expect(await allow('/user/groups/4/roles')).toBe('GET,POST');
    expect(await allow('/user/groups/13/roles/1')).toBe('GET,DELETE');
  });
});
