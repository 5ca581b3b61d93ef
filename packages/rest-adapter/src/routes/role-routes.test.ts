import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Express } from 'express';
import type { TestRepository } from '@contentrepo/core/testing';
import { PREFIX, rest, vnd } from '../testing/rest-client.js';
import { createTestApp } from '../testing/rest-test-app.js';

describe('roles and policies (/user/roles…, /user/policies)', () => {
  let app: Express;
  let repo: TestRepository;
  beforeEach(async () => {
    ({ app, repo } = await createTestApp({ basicAuth: true }));
  });

  it('lists roles (offset/limit, ?identifier, unknown identifier: empty list)', async () => {
    const all = await rest(app, { method: 'GET', path: '/user/roles' });
    expect(all.status).toBe(200);
    expect(all.headers['content-type']).toBe(vnd('RoleList'));
    expect(all.headers['accept-patch']).toBeUndefined();
    expect(all.body.RoleList._href).toBe(`${PREFIX}/user/roles`);
    expect(all.body.RoleList.Role.map((role: { identifier: string }) => role.identifier)).toEqual(['Anonymous', 'Administrator', 'Editor', 'Member']);
    expect(all.body.RoleList.Role[0]).toEqual({
      '_media-type': vnd('Role'),
      _href: `${PREFIX}/user/roles/1`,
      identifier: 'Anonymous',
      Policies: { '_media-type': vnd('PolicyList'), _href: `${PREFIX}/user/roles/1/policies` },
    });
    const page = await rest(app, { method: 'GET', path: '/user/roles?offset=1&limit=2' });
    expect(page.body.RoleList.Role.map((role: { identifier: string }) => role.identifier)).toEqual(['Administrator', 'Editor']);
    const byIdentifier = await rest(app, { method: 'GET', path: '/user/roles?identifier=Editor', format: 'xml' });
    expect(byIdentifier.text).toContain(`<RoleList media-type="${vnd('RoleList', 'xml')}" href="${PREFIX}/user/roles"><Role media-type="${vnd('Role', 'xml')}" href="${PREFIX}/user/roles/3"><identifier>Editor</identifier>`);
    expect((await rest(app, { method: 'GET', path: '/user/roles?identifier=Nobody' })).body.RoleList.Role).toEqual([]);
    expect((await rest(app, { method: 'GET', path: '/user/roles', auth: null })).status).toBe(401);
  });

  it('creates a published role by default and a draft with ?publish=false; duplicates are 403', async () => {
    const created = await rest(app, { method: 'POST', path: '/user/roles', input: 'RoleInput', body: { RoleInput: { identifier: 'Writer', mainLanguageCode: 'eng-GB' } }, accept: 'Role' });
    expect(created.status).toBe(201);
    expect(created.headers['content-type']).toBe(vnd('Role'));
    const id = Number(/(\d+)$/.exec(created.headers['location'] ?? '')?.[1]);
    expect(created.headers['location']).toBe(`${PREFIX}/user/roles/${id}`);
    expect(created.body.Role).toMatchObject({ _href: `${PREFIX}/user/roles/${id}`, identifier: 'Writer' });
    expect((await repo.admin.roleService.loadRole(id)).identifier).toBe('Writer');

    const xmlDraft = await rest(app, {
      method: 'POST',
      path: '/user/roles?publish=false',
      input: 'RoleInput',
      format: 'xml',
      body: '<?xml version="1.0" encoding="UTF-8"?><RoleInput><identifier>Drafty</identifier></RoleInput>',
      accept: 'Role',
    });
    expect(xmlDraft.status).toBe(201);
    expect(xmlDraft.headers['content-type']).toBe(vnd('RoleDraft', 'xml'));
    expect(xmlDraft.text).toContain(`<Role media-type="${vnd('RoleDraft', 'xml')}" href="${PREFIX}/user/roles/`);

    const duplicate = await rest(app, { method: 'POST', path: '/user/roles', input: 'RoleInput', body: { RoleInput: { identifier: 'Editor' } } });
    expect(duplicate.status).toBe(403);
    expect(duplicate.body.ErrorMessage.errorDescription).toContain("A Role with identifier 'Editor' already exists");
    const missing = await rest(app, { method: 'POST', path: '/user/roles', input: 'RoleInput', body: { RoleInput: {} } });
    expect(missing.status).toBe(400);
    expect((await rest(app, { method: 'POST', path: '/user/roles', input: 'RoleInput', body: { RoleInput: { identifier: 'X' } }, auth: null })).status).toBe(403);
  });

  it('loads, renames (PATCH) and deletes a role', async () => {
    const role = await rest(app, { method: 'GET', path: '/user/roles/4', accept: 'Role' });
    expect(role.status).toBe(200);
    expect(role.headers['accept-patch']).toBe(vnd('RoleInput'));
    const renamed = await rest(app, { method: 'PATCH', path: '/user/roles/4', input: 'RoleInput', body: { RoleInput: { identifier: 'Members' } } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.Role.identifier).toBe('Members');
    expect((await rest(app, { method: 'GET', path: '/user/roles/99' })).status).toBe(404);
    expect((await rest(app, { method: 'DELETE', path: '/user/roles/4' })).status).toBe(204);
    expect((await rest(app, { method: 'GET', path: '/user/roles/4' })).status).toBe(404);
  });

  it('runs the draft lifecycle: create, load, update, publish (204 + Location), delete', async () => {
    const draft = await rest(app, { method: 'POST', path: '/user/roles/3', accept: 'RoleDraft' });
    expect(draft.status).toBe(201);
    expect(draft.headers['content-type']).toBe(vnd('RoleDraft'));
    const draftId = Number(/(\d+)$/.exec(draft.headers['location'] ?? '')?.[1]);
    expect(draftId).not.toBe(3);
    const second = await rest(app, { method: 'POST', path: '/user/roles/3' });
    expect(second.status).toBe(201);
    const secondId = Number(/(\d+)$/.exec(second.headers['location'] ?? '')?.[1]);
    expect(secondId).toBeGreaterThan(draftId);

    const loaded = await rest(app, { method: 'GET', path: '/user/roles/3/draft' });
    expect(loaded.status).toBe(200);
    expect(loaded.body.Role).toMatchObject({ '_media-type': vnd('RoleDraft'), _href: `${PREFIX}/user/roles/${draftId}`, identifier: 'Editor' });
    const byOwnId = await rest(app, { method: 'GET', path: `/user/roles/${draftId}/draft`, format: 'xml' });
    expect(byOwnId.status).toBe(200);

    const updated = await rest(app, { method: 'PATCH', path: '/user/roles/3/draft', input: 'RoleInput', body: { RoleInput: { identifier: 'Editors' } } });
    expect(updated.body.Role.identifier).toBe('Editors');
    expect((await rest(app, { method: 'GET', path: '/user/roles/3' })).body.Role.identifier).toBe('Editor');

    const draftPolicies = await rest(app, { method: 'GET', path: `/user/roles/${draftId}/policies` });
    expect(draftPolicies.body.PolicyList.Policy.map((policy: { originalId: number }) => policy.originalId)).toEqual([317, 319, 340]);
    expect(draftPolicies.body.PolicyList.Policy[0]['_media-type']).toBe(vnd('PolicyDraft'));

    const published = await rest(app, { method: 'PUBLISH', path: '/user/roles/3/draft' });
    expect(published.status).toBe(204);
    expect(published.headers['location']).toBe(`${PREFIX}/user/roles/3`);
    expect((await rest(app, { method: 'GET', path: '/user/roles/3' })).body.Role.identifier).toBe('Editors');
    // The other draft is still pending; it is the role's draft now.
    expect((await rest(app, { method: 'GET', path: '/user/roles/3/draft' })).body.Role).toMatchObject({ _href: `${PREFIX}/user/roles/${secondId}`, identifier: 'Editor' });
    expect((await rest(app, { method: 'DELETE', path: '/user/roles/3/draft' })).status).toBe(204);
    expect((await rest(app, { method: 'GET', path: '/user/roles/3/draft' })).status).toBe(404);

    await rest(app, { method: 'POST', path: '/user/roles/1' });
    const byInput = await rest(app, { method: 'POST', path: '/user/roles/1/draft', input: 'PublishRoleInput', body: { PublishRoleInput: {} } });
    expect(byInput.status).toBe(204);
    await rest(app, { method: 'POST', path: '/user/roles/1' });
    expect((await rest(app, { method: 'DELETE', path: '/user/roles/1/draft' })).status).toBe(204);
    expect((await rest(app, { method: 'DELETE', path: '/user/roles/1/draft' })).status).toBe(404);
  });

  it('changes a published role through PATCH and the policy routes while another draft of it is pending', async () => {
    const pending = await rest(app, { method: 'POST', path: '/user/roles/4' });
    expect(pending.status).toBe(201);
    const pendingId = Number(/(\d+)$/.exec(pending.headers['location'] ?? '')?.[1]);

    const renamed = await rest(app, { method: 'PATCH', path: '/user/roles/4', input: 'RoleInput', body: { RoleInput: { identifier: 'Members' } } });
    expect([renamed.status, renamed.body.Role.identifier]).toEqual([200, 'Members']);
    const added = await rest(app, { method: 'POST', path: '/user/roles/4/policies', input: 'PolicyCreate', body: { PolicyCreate: { module: 'user', function: 'login' } } });
    expect(added.status).toBe(201);
    expect(added.body.Policy).toMatchObject({ '_media-type': vnd('Policy'), module: 'user', function: 'login' });
    const added2 = await rest(app, { method: 'POST', path: '/user/roles/4/policies', input: 'PolicyCreate', body: { PolicyCreate: { module: 'content', function: 'versionread' } } });
    const limitation = { limitations: { limitation: [{ _identifier: 'Class', values: { ref: [{ _href: '1' }] } }] } };
    const updated = await rest(app, { method: 'PATCH', path: '/user/roles/4/policies/333', input: 'PolicyUpdate', body: { PolicyUpdate: limitation } });
    expect(updated.status).toBe(200);
    expect(updated.body.Policy.limitations).toEqual(limitation.limitations);
    expect((await rest(app, { method: 'DELETE', path: `/user/roles/4/policies/${added2.body.Policy.id}` })).status).toBe(204);
    const role = await rest(app, { method: 'GET', path: '/user/roles/4/policies' });
    expect(role.body.PolicyList.Policy.map((policy: { id: number }) => policy.id)).toEqual([333, added.body.Policy.id]);
    expect((await rest(app, { method: 'DELETE', path: '/user/roles/4/policies' })).status).toBe(204);
    expect((await rest(app, { method: 'GET', path: '/user/roles/4/policies' })).body.PolicyList.Policy).toEqual([]);

    // The pending draft is untouched: it still copies the role as it was when the draft was made.
    const draft = await rest(app, { method: 'GET', path: '/user/roles/4/draft' });
    expect(draft.body.Role).toMatchObject({ _href: `${PREFIX}/user/roles/${pendingId}`, identifier: 'Member' });
    const draftPolicies = await rest(app, { method: 'GET', path: `/user/roles/${pendingId}/policies` });
    expect(draftPolicies.body.PolicyList.Policy.map((policy: { originalId: number }) => policy.originalId)).toEqual([333]);
  });

  it('keeps the drafts of a deleted role: loaded, published as a role of its own (204 + Location of the draft id), deleted', async () => {
    const first = Number(/(\d+)$/.exec((await rest(app, { method: 'POST', path: '/user/roles/3' })).headers['location'] ?? '')?.[1]);
    const second = Number(/(\d+)$/.exec((await rest(app, { method: 'POST', path: '/user/roles/3' })).headers['location'] ?? '')?.[1]);
    expect((await rest(app, { method: 'DELETE', path: '/user/roles/3' })).status).toBe(204);
    expect((await rest(app, { method: 'GET', path: '/user/roles/3' })).status).toBe(404);

    const loaded = await rest(app, { method: 'GET', path: `/user/roles/${first}/draft` });
    expect(loaded.status).toBe(200);
    expect(loaded.body.Role).toMatchObject({ '_media-type': vnd('RoleDraft'), _href: `${PREFIX}/user/roles/${first}`, identifier: 'Editor' });
    const published = await rest(app, { method: 'PUBLISH', path: `/user/roles/${first}/draft` });
    expect(published.status).toBe(204);
    expect(published.headers['location']).toBe(`${PREFIX}/user/roles/${first}`);
    const role = await rest(app, { method: 'GET', path: `/user/roles/${first}` });
    expect(role.body.Role).toMatchObject({ '_media-type': vnd('Role'), identifier: 'Editor' });
    expect((await rest(app, { method: 'GET', path: `/user/roles/${first}/policies` })).body.PolicyList.Policy).toHaveLength(3);
    expect((await rest(app, { method: 'GET', path: `/user/roles/${first}/draft` })).status).toBe(404);

    // The sibling cannot publish a second 'Editor'; it is deleted by its id.
    const clash = await rest(app, { method: 'PUBLISH', path: `/user/roles/${second}/draft` });
    expect(clash.status).toBe(406);
    expect(clash.body.ErrorMessage.errorDescription).toContain("A Role with identifier 'Editor' already exists");
    expect((await rest(app, { method: 'DELETE', path: `/user/roles/${second}/draft` })).status).toBe(204);
    expect((await rest(app, { method: 'GET', path: `/user/roles/${second}/draft` })).status).toBe(404);
  });

  it('lists, adds, loads, updates and deletes policies with raw limitation values in _href', async () => {
    const list = await rest(app, { method: 'GET', path: '/user/roles/1/policies', accept: 'PolicyList' });
    expect(list.status).toBe(200);
    expect(list.body.PolicyList.Policy[0]).toEqual({
      '_media-type': vnd('Policy'),
      _href: `${PREFIX}/user/roles/1/policies/328`,
      id: 328,
      module: 'content',
      function: 'read',
      limitations: { limitation: [{ _identifier: 'Section', values: { ref: [{ _href: '1' }] } }] },
    });
    const xml = await rest(app, { method: 'GET', path: '/user/roles/2/policies/332', format: 'xml' });
    expect(xml.headers['accept-patch']).toBe(vnd('PolicyUpdate', 'xml'));
    expect(xml.text).toBe(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Policy media-type="${vnd('Policy', 'xml')}" href="${PREFIX}/user/roles/2/policies/332"><id>332</id><module>*</module><function>*</function></Policy>\n`,
    );

    const added = await rest(app, {
      method: 'POST',
      path: '/user/roles/4/policies',
      input: 'PolicyCreate',
      body: { PolicyCreate: { module: 'content', function: 'edit', limitations: { limitation: [{ _identifier: 'Owner', values: { ref: [{ _href: '1' }] } }] } } },
    });
    expect(added.status).toBe(201);
    const policyId = added.body.Policy.id as number;
    expect(added.headers['location']).toBe(`${PREFIX}/user/roles/4/policies/${policyId}`);
    expect(added.body.Policy.limitations.limitation).toEqual([{ _identifier: 'Owner', values: { ref: [{ _href: '1' }] } }]);

    const updated = await rest(app, {
      method: 'PATCH',
      path: `/user/roles/4/policies/${policyId}`,
      input: 'PolicyUpdate',
      format: 'xml',
      body: '<PolicyUpdate><limitations><limitation identifier="Section"><values><ref href="1"/><ref href="3"/></values></limitation></limitations></PolicyUpdate>',
    });
    expect(updated.status).toBe(200);
    expect(updated.text).toContain(`<id>${policyId}</id>`);
    expect(updated.text).toContain('<limitations><limitation identifier="Section"><values><ref href="1"/><ref href="3"/></values></limitation></limitations>');

    expect((await rest(app, { method: 'DELETE', path: `/user/roles/4/policies/${policyId}` })).status).toBe(204);
    expect((await rest(app, { method: 'GET', path: `/user/roles/4/policies/${policyId}` })).status).toBe(404);
    expect((await rest(app, { method: 'DELETE', path: '/user/roles/4/policies' })).status).toBe(204);
    expect((await rest(app, { method: 'GET', path: '/user/roles/4/policies' })).body.PolicyList.Policy).toEqual([]);
  });

  it('adds a policy to a draft when the id is a draft', async () => {
    const draft = await rest(app, { method: 'POST', path: '/user/roles?publish=false', input: 'RoleInput', body: { RoleInput: { identifier: 'Fresh' } } });
    const draftId = draft.body.Role._href.split('/').pop();
    const added = await rest(app, { method: 'POST', path: `/user/roles/${draftId}/policies`, input: 'PolicyCreate', body: { PolicyCreate: { module: 'user', function: 'login' } } });
    expect(added.status).toBe(201);
    expect(added.body.Policy['_media-type']).toBe(vnd('PolicyDraft'));
    expect((await rest(app, { method: 'GET', path: `/user/roles/${draftId}` })).status).toBe(404);
    expect((await rest(app, { method: 'PUBLISH', path: `/user/roles/${draftId}/draft` })).status).toBe(204);
    expect((await rest(app, { method: 'GET', path: `/user/roles/${draftId}/policies` })).body.PolicyList.Policy).toHaveLength(1);
  });

  it('lists the policies of a user: GET /user/policies?userId=', async () => {
    const response = await rest(app, { method: 'GET', path: '/user/policies?userId=10' });
    expect(response.status).toBe(200);
    expect(response.body.PolicyList._href).toBe(`${PREFIX}/user/policies`);
    expect(response.body.PolicyList.Policy.map((policy: { id: number }) => policy.id)).toEqual([328, 331, 334]);
    expect((await rest(app, { method: 'GET', path: '/user/policies?userId=99999' })).status).toBe(404);
    expect((await rest(app, { method: 'GET', path: '/user/policies' })).status).toBe(400);
  });

  it('refuses bad policies and changes nothing: 404 unknown limitation, 400 bad values, 406 not applicable', async () => {
    const before = (await repo.admin.roleService.loadRole(4)).policies;
    const cases: [unknown, number, string][] = [
      [{ PolicyCreate: { module: 'content', function: 'read', limitations: { limitation: [{ _identifier: 'Colour', values: { ref: [{ _href: '1' }] } }] } } }, 404, "Could not find 'Limitation' with identifier 'Colour'"],
      [{ PolicyCreate: { module: 'content', function: 'read', limitations: { limitation: [{ _identifier: 'Section', values: { ref: [{ _href: '42' }] } }] } } }, 400, 'section 42 does not exist'],
      [{ PolicyCreate: { module: 'content', function: 'read', limitations: { limitation: [{ _identifier: 'Language', values: { ref: [{ _href: 'eng-GB' }] } }] } } }, 406, "The limitation 'Language' is not applicable"],
      [{ PolicyCreate: { module: 'content', function: 'fly' } }, 406, "Module/function 'content/fly' does not exist"],
      [{ PolicyCreate: { module: 'content' } }, 400, "Missing 'function' element for PolicyCreate."],
    ];
    for (const [body, status, message] of cases) {
      const response = await rest(app, { method: 'POST', path: '/user/roles/4/policies', input: 'PolicyCreate', body });
      expect([message, response.status]).toEqual([message, status]);
      expect(response.body.ErrorMessage.errorDescription).toContain(message);
    }
    expect((await repo.admin.roleService.loadRole(4)).policies).toEqual(before);
    await expect(repo.admin.roleService.loadRoleDraftByRoleId(4)).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('declares the exact methods Ibexa lists (OPTIONS)', async () => {
    const allow = async (path: string) => (await rest(app, { method: 'OPTIONS', path })).headers['allow'];
    expect(await allow('/user/policies')).toBe('GET');
    expect(await allow('/user/roles')).toBe('GET,POST');
    expect(await allow('/user/roles/1')).toBe('POST,GET,PATCH,DELETE');
    expect(await allow('/user/roles/1/draft')).toBe('GET,PATCH,PUBLISH,DELETE');
    expect(await allow('/user/roles/1/policies')).toBe('GET,POST,DELETE');
    expect(await allow('/user/roles/1/policies/328')).toBe('GET,PATCH,DELETE');
  });
});
