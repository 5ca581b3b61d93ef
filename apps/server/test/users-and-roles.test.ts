import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { API, call, login, type Call, type Credentials, type Reply } from './support/rest-session.js';
import { parseXml, startTestServer, vnd, type TestServer } from './support/test-server.js';

const ADMIN: Credentials = { basic: ['admin', 'publish'] };

const userCreateXml = (login: string, password = 'Secret-Passw0rd') =>
  `<?xml version="1.0" encoding="UTF-8"?><UserCreate><mainLanguageCode>eng-GB</mainLanguageCode><login>${login}</login><email>${login}@example.com</email>` +
  `<password>${password}</password><fields><field><fieldDefinitionIdentifier>first_name</fieldDefinitionIdentifier><fieldValue>Jo</fieldValue></field>` +
  `<field><fieldDefinitionIdentifier>last_name</fieldDefinitionIdentifier><fieldValue>${login}</fieldValue></field></fields></UserCreate>`;

const groupCreateXml = (name: string) =>
  `<UserGroupCreate><mainLanguageCode>eng-GB</mainLanguageCode><fields><field><fieldDefinitionIdentifier>name</fieldDefinitionIdentifier><fieldValue>${name}</fieldValue></field></fields></UserGroupCreate>`;

/**
 * Users, groups, roles and assignments over REST in XML on SQLite (the Ibexa `/user/...` routes), and bad input
 * changing nothing.
 */
describe('users, groups and roles over REST on SQLite', () => {
  let server: TestServer;
  const admin = (spec: Call): Promise<Reply> => call(server.app.express, ADMIN, spec);

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  /** What bad requests must leave unchanged: users and subgroups of the root group, roles, assignments of Editors. */
  const snapshot = async () => ({
    groups: (await admin({ method: 'GET', path: '/user/groups/1/5/subgroups?limit=-1' })).body.UserGroupRefList.UserGroup,
    editors: (await admin({ method: 'GET', path: '/user/groups/1/5/14/users?limit=-1' })).body.UserRefList.User,
    roles: (await admin({ method: 'GET', path: '/user/roles' })).body.RoleList.Role,
    policies: (await admin({ method: 'GET', path: '/user/roles/4/policies' })).body.PolicyList.Policy,
    assignments: (await admin({ method: 'GET', path: '/user/groups/1/5/14/roles' })).body.RoleAssignmentList.RoleAssignment,
  });

  it('runs the whole lifecycle in XML: group, user, login, membership, move, role, policies, assignment, deletes', async () => {
    const group = await admin({ method: 'POST', path: '/user/groups/1/5/subgroups', input: 'UserGroupCreate', format: 'xml', body: groupCreateXml('Writers'), accept: 'UserGroup' });
    expect(group.status).toBe(201);
    expect(group.headers['content-type']).toBe(vnd('UserGroup', 'xml'));
    const groupPath = String(group.headers['location']).slice(API.length);
    const parsedGroup = await parseXml(group.text);
    expect(parsedGroup).toMatchObject({ UserGroup: { name: 'Writers', ParentUserGroup: { $: { href: `${API}/user/groups/1/5` } } } });

    const user = await admin({ method: 'POST', path: `${groupPath}/users`, input: 'UserCreate', format: 'xml', body: userCreateXml('writer'), accept: 'User' });
    expect(user.status).toBe(201);
    const userPath = String(user.headers['location']).slice(API.length);
    const userId = Number(userPath.split('/').pop());
    expect((await parseXml(user.text))).toMatchObject({ User: { login: 'writer', email: 'writer@example.com', enabled: 'true' } });

    // The group's role lets its users log in.
    const role = await admin({ method: 'POST', path: '/user/roles', input: 'RoleInput', format: 'xml', body: '<RoleInput><identifier>Writer</identifier></RoleInput>' });
    expect(role.status).toBe(201);
    const roleId = Number(String(role.headers['location']).split('/').pop());
    const policy = await admin({
      method: 'POST',
      path: `/user/roles/${roleId}/policies`,
      input: 'PolicyCreate',
      format: 'xml',
      body: '<PolicyCreate><module>user</module><function>login</function></PolicyCreate>',
    });
    expect(policy.status).toBe(201);
    const policyId = Number(String(policy.headers['location']).split('/').pop());
    expect((await login(server.app.express, 'writer', 'Secret-Passw0rd')).status).toBe(401);
    const assignment = await admin({ method: 'POST', path: `${groupPath}/roles`, input: 'RoleAssignInput', format: 'xml', body: `<RoleAssignInput><Role href="${API}/user/roles/${roleId}"/></RoleAssignInput>` });
    expect(assignment.status).toBe(200);
    expect(assignment.text).toContain(`<RoleAssignment media-type="${vnd('RoleAssignment', 'xml')}" href="${API}${groupPath}/roles/${roleId}">`);
    expect((await login(server.app.express, 'writer', 'Secret-Passw0rd')).status).toBe(201);

    // Policy ids stay stable through the implicit draft of PATCH (SQL publish keeps copied ids).
    const patched = await admin({
      method: 'PATCH',
      path: `/user/roles/${roleId}/policies/${policyId}`,
      input: 'PolicyUpdate',
      format: 'xml',
      body: '<PolicyUpdate><limitations><limitation identifier="SiteAccess"><values><ref href="1766001124"/></values></limitation></limitations></PolicyUpdate>',
    });
    expect(patched.status).toBe(200);
    expect(patched.text).toContain(`<id>${policyId}</id>`);
    expect((await admin({ method: 'GET', path: `/user/roles/${roleId}/policies/${policyId}` })).body.Policy.limitations.limitation[0]._identifier).toBe('SiteAccess');

    // Membership: a second group, then back to one.
    const assigned = await admin({ method: 'POST', path: `${userPath}/groups?group=${API}/user/groups/1/5/12`, format: 'xml' });
    expect(assigned.status).toBe(200);
    expect(assigned.text).toContain('<unassign href=');
    expect((await admin({ method: 'DELETE', path: `${userPath}/groups/12` })).status).toBe(200);

    // Update the user, move the group, then delete everything (the group only once it is empty).
    const updated = await admin({ method: 'PATCH', path: userPath, input: 'UserUpdate', format: 'xml', body: '<UserUpdate><email>w@example.com</email></UserUpdate>' });
    expect(updated.status).toBe(200);
    expect(updated.text).toContain('<email>w@example.com</email>');
    const moved = await admin({ method: 'MOVE', path: groupPath, headers: { Destination: `${API}/user/groups/1/5/14` } });
    expect(moved.status).toBe(201);
    const movedPath = String(moved.headers['location']).slice(API.length);
    expect(movedPath).toMatch(/^\/user\/groups\/1\/5\/14\/\d+$/);
    expect((await admin({ method: 'DELETE', path: movedPath })).status).toBe(403);
    expect((await admin({ method: 'DELETE', path: userPath })).status).toBe(204);
    expect((await admin({ method: 'DELETE', path: movedPath })).status).toBe(204);
    expect((await admin({ method: 'DELETE', path: `/user/roles/${roleId}` })).status).toBe(204);
    expect((await admin({ method: 'GET', path: `/user/roles/${roleId}` })).status).toBe(404);
    expect((await admin({ method: 'GET', path: '/user/users?login=writer' })).status).toBe(404);
  });

  it('refuses malformed input, unknown ids and illegal moves with the documented status and changes nothing', async () => {
    const before = await snapshot();
    const cases: [string, Call, number][] = [
      ['malformed JSON', { method: 'POST', path: '/user/groups/1/5/14/users', input: 'UserCreate', body: '{"UserCreate": {' }, 400],
      ['malformed XML', { method: 'POST', path: '/user/groups/1/5/subgroups', input: 'UserGroupCreate', format: 'xml', body: '<UserGroupCreate><fields>' }, 400],
      ['a UserCreate without login', { method: 'POST', path: '/user/groups/1/5/14/users', input: 'UserCreate', body: { UserCreate: { mainLanguageCode: 'eng-GB', email: 'x@example.com', password: 'Secret-Passw0rd', fields: { field: [] } } } }, 400],
      ['an existing login', { method: 'POST', path: '/user/groups/1/5/14/users', input: 'UserCreate', format: 'xml', body: userCreateXml('admin') }, 403],
      ['a weak password', { method: 'POST', path: '/user/groups/1/5/14/users', input: 'UserCreate', format: 'xml', body: userCreateXml('weakling', 'abc') }, 400],
      ['a group create with an unknown field', { method: 'POST', path: '/user/groups/1/5/subgroups', input: 'UserGroupCreate', body: { UserGroupCreate: { mainLanguageCode: 'eng-GB', fields: { field: [{ fieldDefinitionIdentifier: 'colour', fieldValue: 'red' }] } } } }, 400],
      ['a group create with a section href to another route', { method: 'POST', path: '/user/groups/1/5/subgroups', input: 'UserGroupCreate', body: { UserGroupCreate: { mainLanguageCode: 'eng-GB', Section: { _href: `${API}/content/objects/1` }, fields: { field: [{ fieldDefinitionIdentifier: 'name', fieldValue: 'X' }] } } } }, 406],
      ['users of an unknown group', { method: 'POST', path: '/user/groups/1/5/999/users', input: 'UserCreate', format: 'xml', body: userCreateXml('ghost') }, 404],
      ['a group moved into itself', { method: 'MOVE', path: '/user/groups/1/5/14', headers: { Destination: `${API}/user/groups/1/5/14` } }, 406],
      ['a group moved to a missing group', { method: 'MOVE', path: '/user/groups/1/5/14', headers: { Destination: `${API}/user/groups/1/5/998` } }, 403],
      ['a MoveUserGroupInput with a bad path', { method: 'POST', path: '/user/groups/1/5/14', input: 'MoveUserGroupInput', body: { MoveUserGroupInput: { destination: 'nowhere' } } }, 400],
      ['a role with an existing identifier', { method: 'POST', path: '/user/roles', input: 'RoleInput', body: { RoleInput: { identifier: 'Member' } } }, 403],
      ['a policy with an unknown limitation', { method: 'POST', path: '/user/roles/4/policies', input: 'PolicyCreate', body: { PolicyCreate: { module: 'content', function: 'read', limitations: { limitation: [{ _identifier: 'Colour', values: { ref: [{ _href: '1' }] } }] } } } }, 404],
      ['a policy with a missing section', { method: 'POST', path: '/user/roles/4/policies', input: 'PolicyCreate', body: { PolicyCreate: { module: 'content', function: 'read', limitations: { limitation: [{ _identifier: 'Section', values: { ref: [{ _href: '9' }] } }] } } } }, 400],
      ['a policy update of an unknown policy', { method: 'PATCH', path: '/user/roles/4/policies/1', input: 'PolicyUpdate', body: { PolicyUpdate: {} } }, 404],
      ['an assignment with a Node limitation', { method: 'POST', path: '/user/groups/1/5/14/roles', input: 'RoleAssignInput', body: { RoleAssignInput: { Role: { _href: `${API}/user/roles/4` }, limitation: { _identifier: 'Node', values: { ref: [{ _href: '2' }] } } } } }, 400],
      ['an assignment of an unknown role', { method: 'POST', path: '/user/groups/1/5/14/roles', input: 'RoleAssignInput', body: { RoleAssignInput: { Role: { _href: `${API}/user/roles/77` } } } }, 404],
      ['an unassignment from the last group', { method: 'DELETE', path: '/user/users/14/groups/13' }, 403],
      ['deleting a group with users', { method: 'DELETE', path: '/user/groups/1/5/13' }, 403],
      ['deleting yourself', { method: 'DELETE', path: '/user/users/14' }, 403],
      ['an unknown input media type', { method: 'POST', path: '/user/roles', input: 'RoleInpt', body: { RoleInput: { identifier: 'X' } } }, 400],
    ];
    for (const [name, spec, status] of cases) {
      const reply = await admin(spec);
      expect([name, reply.status]).toEqual([name, status]);
      const error = spec.format === 'xml' ? await parseXml(reply.text) : reply.body;
      expect([name, error]).toEqual([name, expect.objectContaining({ ErrorMessage: expect.objectContaining({ errorCode: spec.format === 'xml' ? String(status) : status }) })]);
    }
    expect(await snapshot()).toEqual(before);
  });
  it('changes a role while other drafts of it are pending, and keeps the drafts of a deleted role (SQLite)', async () => {
    const idOf = (reply: Reply): number => Number(String(reply.headers['location']).split('/').pop());
    const role = await admin({ method: 'POST', path: '/user/roles', input: 'RoleInput', body: { RoleInput: { identifier: 'Proofreader' } } });
    const roleId = idOf(role);
    const policy = await admin({ method: 'POST', path: `/user/roles/${roleId}/policies`, input: 'PolicyCreate', body: { PolicyCreate: { module: 'content', function: 'read' } } });
    const policyId = idOf(policy);
    const first = idOf(await admin({ method: 'POST', path: `/user/roles/${roleId}` }));
    const second = idOf(await admin({ method: 'POST', path: `/user/roles/${roleId}` }));
    expect(second).toBeGreaterThan(first);

    // Every shortcut on the published role works while both drafts are pending.
    const section = { limitations: { limitation: [{ _identifier: 'Section', values: { ref: [{ _href: '1' }] } }] } };
    const writes: [Call, number][] = [
      [{ method: 'PATCH', path: `/user/roles/${roleId}`, input: 'RoleInput', body: { RoleInput: { identifier: 'Proofreaders' } } }, 200],
      [{ method: 'POST', path: `/user/roles/${roleId}/policies`, input: 'PolicyCreate', body: { PolicyCreate: { module: 'user', function: 'login' } } }, 201],
      [{ method: 'PATCH', path: `/user/roles/${roleId}/policies/${policyId}`, input: 'PolicyUpdate', body: { PolicyUpdate: section } }, 200],
    ];
    for (const [spec, status] of writes) expect([spec.method, spec.path, (await admin(spec)).status]).toEqual([spec.method, spec.path, status]);
    const login = (await admin({ method: 'GET', path: `/user/roles/${roleId}/policies` })).body.PolicyList.Policy.find((p: { function: string }) => p.function === 'login');
    expect((await admin({ method: 'DELETE', path: `/user/roles/${roleId}/policies/${login.id}` })).status).toBe(204);
    expect((await admin({ method: 'DELETE', path: `/user/roles/${roleId}/policies` })).status).toBe(204);
    expect((await admin({ method: 'GET', path: `/user/roles/${roleId}` })).body.Role.identifier).toBe('Proofreaders');
    expect((await admin({ method: 'GET', path: `/user/roles/${roleId}/policies` })).body.PolicyList.Policy).toEqual([]);
    expect((await admin({ method: 'GET', path: `/user/roles/${roleId}/draft` })).body.Role._href).toBe(`${API}/user/roles/${first}`);

    // The role goes, its drafts stay: one is published as a role of its own (keeping its id), the other deleted.
    expect((await admin({ method: 'DELETE', path: `/user/roles/${roleId}` })).status).toBe(204);
    const orphan = await admin({ method: 'GET', path: `/user/roles/${first}/draft` });
    expect(orphan.body.Role).toMatchObject({ '_media-type': vnd('RoleDraft'), identifier: 'Proofreader' });
    const published = await admin({ method: 'PUBLISH', path: `/user/roles/${first}/draft` });
    expect([published.status, published.headers['location']]).toEqual([204, `${API}/user/roles/${first}`]);
    expect((await admin({ method: 'GET', path: `/user/roles/${first}` })).body.Role).toMatchObject({ identifier: 'Proofreader' });
    const policies = (await admin({ method: 'GET', path: `/user/roles/${first}/policies` })).body.PolicyList.Policy;
    expect(policies.map((p: { function: string; limitations?: unknown }) => [p.function, p.limitations ?? null])).toEqual([['read', null]]);
    expect((await admin({ method: 'DELETE', path: `/user/roles/${second}/draft` })).status).toBe(204);
    expect((await admin({ method: 'GET', path: `/user/roles/${second}/draft` })).status).toBe(404);
    expect((await admin({ method: 'DELETE', path: `/user/roles/${first}` })).status).toBe(204);
  });
});
