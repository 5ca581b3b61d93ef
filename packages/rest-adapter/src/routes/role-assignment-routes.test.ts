import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Express } from 'express';
import type { TestRepository } from '@contentrepo/core/testing';
import { PREFIX, rest, vnd } from '../testing/rest-client.js';
import { createTestApp } from '../testing/rest-test-app.js';

const assign = (roleId: number, limitation?: { identifier: string; values: string[] }) => ({
  RoleAssignInput: {
    Role: { _href: `${PREFIX}/user/roles/${roleId}` },
    ...(limitation ? { limitation: { _identifier: limitation.identifier, values: { ref: limitation.values.map((value) => ({ _href: value })) } } } : {}),
  },
});

describe('role assignments (/user/users/{id}/roles…, /user/groups/{path}/roles…, RoleAssignInput)', () => {
  let app: Express;
  let repo: TestRepository;
  beforeEach(async () => {
    ({ app, repo } = await createTestApp({ basicAuth: true }));
  });

  it('lists the assignments of a group with their role limitation', async () => {
    const response = await rest(app, { method: 'GET', path: '/user/groups/1/5/14/roles', accept: 'RoleAssignmentList' });
    expect(response.status).toBe(200);
    expect(response.body.RoleAssignmentList).toEqual({
      '_media-type': vnd('RoleAssignmentList'),
      _href: `${PREFIX}/user/groups/1/5/14/roles`,
      RoleAssignment: [
        {
          '_media-type': vnd('RoleAssignment'),
          _href: `${PREFIX}/user/groups/1/5/14/roles/3`,
          limitation: { _identifier: 'Subtree', values: { ref: [{ _href: '/1/2/' }] } },
          Role: { '_media-type': vnd('Role'), _href: `${PREFIX}/user/roles/3` },
        },
        {
          '_media-type': vnd('RoleAssignment'),
          _href: `${PREFIX}/user/groups/1/5/14/roles/3`,
          limitation: { _identifier: 'Subtree', values: { ref: [{ _href: '/1/43/' }] } },
          Role: { '_media-type': vnd('Role'), _href: `${PREFIX}/user/roles/3` },
        },
        { '_media-type': vnd('RoleAssignment'), _href: `${PREFIX}/user/groups/1/5/14/roles/4`, Role: { '_media-type': vnd('Role'), _href: `${PREFIX}/user/roles/4` } },
      ],
    });
    const one = await rest(app, { method: 'GET', path: '/user/groups/1/5/14/roles/4', format: 'xml' });
    expect(one.status).toBe(200);
    expect(one.text).toContain(
      `<RoleAssignment media-type="${vnd('RoleAssignment', 'xml')}" href="${PREFIX}/user/groups/1/5/14/roles/4"><Role media-type="${vnd('Role', 'xml')}" href="${PREFIX}/user/roles/4"/></RoleAssignment>`,
    );
    expect((await rest(app, { method: 'GET', path: '/user/groups/1/5/14/roles/1' })).status).toBe(404);
  });

  it('assigns roles to a user (200 RoleAssignmentList) with Section and Subtree limitations, in JSON and XML', async () => {
    const section = await rest(app, { method: 'POST', path: '/user/users/10/roles', input: 'RoleAssignInput', body: assign(4, { identifier: 'Section', values: [`${PREFIX}/content/sections/3`] }) });
    expect(section.status).toBe(200);
    expect(section.headers['content-type']).toBe(vnd('RoleAssignmentList'));
    expect(section.body.RoleAssignmentList.RoleAssignment).toEqual([
      {
        '_media-type': vnd('RoleAssignment'),
        _href: `${PREFIX}/user/users/10/roles/4`,
        limitation: { _identifier: 'Section', values: { ref: [{ _href: '3' }] } },
        Role: { '_media-type': vnd('Role'), _href: `${PREFIX}/user/roles/4` },
      },
    ]);
    const xml = await rest(app, {
      method: 'POST',
      path: '/user/users/10/roles',
      input: 'RoleAssignInput',
      format: 'xml',
      body: `<RoleAssignInput><Role href="${PREFIX}/user/roles/3"/><limitation identifier="Subtree"><values><ref href="${PREFIX}/content/locations/1/2/"/></values></limitation></RoleAssignInput>`,
    });
    expect(xml.status).toBe(200);
    expect(xml.text).toContain('<limitation identifier="Subtree"><values><ref href="/1/2/"/></values></limitation>');
    expect((await repo.admin.roleService.getRoleAssignmentsForUser(10)).map((assignment) => assignment.roleId)).toEqual([4, 3]);

    const raw = await rest(app, { method: 'POST', path: '/user/groups/1/5/44/roles', input: 'RoleAssignInput', body: assign(3, { identifier: 'Subtree', values: ['/1/43/'] }) });
    expect(raw.status).toBe(200);
    expect(raw.body.RoleAssignmentList.RoleAssignment.map((assignment: { _href: string }) => assignment._href)).toEqual([
      `${PREFIX}/user/groups/1/5/44/roles/1`,
      `${PREFIX}/user/groups/1/5/44/roles/3`,
    ]);
  });

  it('unassigns every assignment of the role: 200 with the remaining list', async () => {
    await repo.admin.roleService.assignRoleToUser(3, 10, { identifier: 'Subtree', values: ['/1/2/'] });
    await repo.admin.roleService.assignRoleToUser(3, 10, { identifier: 'Subtree', values: ['/1/43/'] });
    await repo.admin.roleService.assignRoleToUser(4, 10);
    const response = await rest(app, { method: 'DELETE', path: '/user/users/10/roles/3' });
    expect(response.status).toBe(200);
    expect(response.body.RoleAssignmentList.RoleAssignment.map((assignment: { _href: string }) => assignment._href)).toEqual([`${PREFIX}/user/users/10/roles/4`]);
    expect((await rest(app, { method: 'DELETE', path: '/user/users/10/roles/99' })).status).toBe(404);
    const group = await rest(app, { method: 'DELETE', path: '/user/groups/1/5/14/roles/3', format: 'xml' });
    expect(group.status).toBe(200);
    expect(group.text).not.toContain('/roles/3"');
  });

  it('refuses bad assignments and changes nothing', async () => {
    const cases: [string, unknown, number, string][] = [
      ['/user/users/10/roles', assign(4, { identifier: 'Node', values: ['2'] }), 400, 'only Section and Subtree'],
      ['/user/users/10/roles', assign(4, { identifier: 'Section', values: [`${PREFIX}/content/sections/9`] }), 400, 'section 9 does not exist'],
      ['/user/users/10/roles', assign(4, { identifier: 'Subtree', values: ['/1/999/'] }), 400, "no location has the path '/1/999/'"],
      ['/user/users/10/roles', assign(99), 404, "Could not find 'Role' with identifier '99'"],
      ['/user/users/10/roles', { RoleAssignInput: { Role: { _href: `${PREFIX}/content/sections/1` } } }, 406, 'expected a role reference'],
      ['/user/users/10/roles', { RoleAssignInput: {} }, 400, "Missing 'Role' element for RoleAssignInput."],
      ['/user/users/9999/roles', assign(4), 404, "Could not find 'User' with identifier '9999'"],
      ['/user/groups/1/5/14/roles', assign(3, { identifier: 'Subtree', values: ['/1/2/'] }), 406, 'already assigned'],
    ];
    for (const [path, body, status, message] of cases) {
      const response = await rest(app, { method: 'POST', path, input: 'RoleAssignInput', body });
      expect([message, response.status]).toEqual([message, status]);
      expect(response.body.ErrorMessage.errorDescription).toContain(message);
    }
    expect(await repo.admin.roleService.getRoleAssignmentsForUser(10)).toEqual([]);
    expect((await repo.admin.roleService.getRoleAssignmentsForUserGroup(13)).map((assignment) => assignment.id)).toEqual([32, 33, 35]);
    expect((await rest(app, { method: 'POST', path: '/user/users/10/roles', input: 'RoleAssignInput', body: assign(4), auth: null })).status).toBe(401);
  });

  it('declares the exact methods Ibexa lists (OPTIONS)', async () => {
    const allow = async (path: string) => (await rest(app, { method: 'OPTIONS', path })).headers['allow'];
    expect(await allow('/user/users/10/roles')).toBe('GET,POST');
    expect(await allow('/user/users/10/roles/1')).toBe('GET,DELETE');
    expect(await allow('/user/users/10/groups')).toBe('GET,POST');
    expect(await allow('/user/users/10/groups/4')).toBe('DELETE');
    expect(await allow('/user/users/10/drafts')).toBe('GET');
    expect(await allow('/user/users/10')).toBe('GET,PATCH,DELETE');
  });
});
